package io.browserflow.api;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.Arrays;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The visitors are the compiler's checklist only if they have one abstract method per kind and
 * nothing that lets an implementation skip one. Together with the dispatch scan in flow-cli
 * ({@code DispatchArchitectureTest}), this proves that a new kind breaks the build at every
 * dispatch site.
 */
class VisitorCompletenessTest {

  @Test
  void should_have_one_abstract_visit_method_per_step_kind_and_no_defaults() {
    assertOnePerKind(stepKinds(), StepVisitor.class);
    assertThat(Step.Kind.values()).as("one Step.Kind per step type").hasSize(stepKinds().size());
  }

  @Test
  void should_declare_each_step_kind_in_the_interface_of_its_family() {
    assertThat(Step.class.getPermittedSubclasses()).as("Step permits exactly its families").hasSize(Step.Family.values().length);
    for (Class<?> kind : stepKinds()) {
      Step.Kind declared = Step.Kind.valueOf(constantName(kind.getSimpleName()));
      String family = kind.getEnclosingClass().getSimpleName();

      assertThat(family).as("%s's family", kind.getSimpleName())
          .isEqualToIgnoringCase(declared.family().name() + "Step");
      assertThat(kind.getInterfaces()).as("%s extends its family", kind.getSimpleName()).contains(kind.getEnclosingClass());
    }
  }

  @Test
  void should_have_one_abstract_visit_method_per_condition_kind_and_no_defaults() {
    assertOnePerKind(Arrays.asList(Condition.class.getPermittedSubclasses()), ConditionVisitor.class);
  }

  @Test
  void should_call_the_method_of_the_own_kind() {
    Step click = InteractionStep.Click.builder().id("c").target(Target.of(Candidate.testId("go"))).build();
    StepVisitor<String> names = namingVisitor();
    assertThat(click.accept(names)).isEqualTo("Click");
    assertThat(PageStep.Back.builder().id("b").build().accept(names)).isEqualTo("Back");
  }

  @Test
  void should_route_each_kind_of_the_family_visitor_to_its_family_then_to_visit_step() throws Exception {
    java.util.List<String> calls = new java.util.ArrayList<>();
    StepFamilyVisitor<String> families = new StepFamilyVisitor<>() {
      @Override public String visitStep(Step s) { calls.add("step"); return "step"; }
      @Override public String visitPageStep(PageStep s) { calls.add("page"); return StepFamilyVisitor.super.visitPageStep(s); }
      @Override public String visitInteractionStep(InteractionStep s) { calls.add("interaction"); return StepFamilyVisitor.super.visitInteractionStep(s); }
      @Override public String visitCheckStep(CheckStep s) { calls.add("check"); return StepFamilyVisitor.super.visitCheckStep(s); }
      @Override public String visitDataStep(DataStep s) { calls.add("data"); return StepFamilyVisitor.super.visitDataStep(s); }
      @Override public String visitExternalStep(ExternalStep s) { calls.add("external"); return StepFamilyVisitor.super.visitExternalStep(s); }
      @Override public String visitControlStep(ControlStep s) { calls.add("control"); return StepFamilyVisitor.super.visitControlStep(s); }
    };
    for (Method m : StepVisitor.class.getMethods()) {
      String kind = constantName(m.getParameterTypes()[0].getSimpleName());
      calls.clear();

      Object result = StepFamilyVisitor.class.getMethod(m.getName(), m.getParameterTypes()).invoke(families, (Object) null);

      assertThat(calls).as(m.getName()).containsExactly(Step.Kind.valueOf(kind).family().name().toLowerCase(java.util.Locale.ROOT), "step");
      assertThat(result).isEqualTo("step");
    }
  }

  @Test
  void should_make_interaction_visitors_handle_every_interaction_kind_and_nothing_else() {
    Set<String> interactions = Arrays.stream(Step.Kind.values()).filter(k -> k.family() == Step.Family.INTERACTION)
        .map(k -> "visit" + java.util.Arrays.stream(k.name().toLowerCase(java.util.Locale.ROOT).split("_"))
            .map(w -> Character.toUpperCase(w.charAt(0)) + w.substring(1)).collect(Collectors.joining()))
        .collect(Collectors.toCollection(TreeSet::new));
    Set<String> declared = new TreeSet<>();
    for (Method m : InteractionStepVisitor.class.getDeclaredMethods()) {
      assertThat(Modifier.isAbstract(m.getModifiers())).as("%s is abstract", m.getName()).isTrue();
      assertThat(m.getParameterTypes()[0].getEnclosingClass()).isEqualTo(InteractionStep.class);
      declared.add(m.getName());
    }
    assertThat(InteractionStepVisitor.class.getInterfaces()).as("an interaction visitor inherits no methods").isEmpty();

    assertThat(declared).isEqualTo(interactions);
  }

  /** The step kinds: the types each family interface permits. */
  private static java.util.List<Class<?>> stepKinds() {
    return Arrays.stream(Step.class.getPermittedSubclasses()).flatMap(f -> Arrays.stream(f.getPermittedSubclasses())).toList();
  }

  private static String constantName(String typeName) {
    return typeName.replaceAll("([a-z])([A-Z])", "$1_$2").toUpperCase(java.util.Locale.ROOT);
  }

  private static void assertOnePerKind(java.util.List<Class<?>> types, Class<?> visitor) {
    Set<String> kinds = types.stream().map(Class::getSimpleName).collect(Collectors.toCollection(TreeSet::new));
    Set<Class<?>> roots = types.stream().map(Class::getEnclosingClass).collect(Collectors.toSet());
    Set<String> visited = new TreeSet<>();
    for (Method m : visitor.getMethods()) {
      assertThat(m.isDefault()).as("%s.%s is a default method", visitor.getSimpleName(), m.getName()).isFalse();
      assertThat(Modifier.isAbstract(m.getModifiers())).as("%s.%s is abstract", visitor.getSimpleName(), m.getName()).isTrue();
      assertThat(m.getParameterCount()).isEqualTo(1);
      Class<?> kind = m.getParameterTypes()[0];
      assertThat(roots).contains(kind.getEnclosingClass());
      assertThat(m.getName()).isEqualTo("visit" + kind.getSimpleName());
      visited.add(kind.getSimpleName());
    }
    assertThat(visited).isEqualTo(kinds);
    assertThat(visitor.getMethods()).hasSize(kinds.size());
    for (Class<?> inherited : visitor.getInterfaces()) {
      assertThat(inherited).as("%s inherits only the interaction visitor", visitor.getSimpleName()).isEqualTo(InteractionStepVisitor.class);
    }
  }

  /** Names the kind through the visitor: every method must be written out. */
  private static StepVisitor<String> namingVisitor() {
    return (StepVisitor<String>) java.lang.reflect.Proxy.newProxyInstance(StepVisitor.class.getClassLoader(),
        new Class<?>[] {StepVisitor.class}, (proxy, method, args) -> method.getName().substring("visit".length()));
  }
}
