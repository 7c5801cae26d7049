package io.browserflow.api;

import java.util.Optional;
import org.immutables.value.Value;

/**
 * Something that holds or does not hold on the page or in the run's values. Used by
 * {@code assert}, by {@code wait}, as a step's {@code expect} post-condition, and by {@code if} and
 * {@code while}.
 *
 * <p>A sealed family: {@link Url}, {@link Title}, {@link Element} (exists / visible / hidden /
 * enabled / disabled / checked / unchecked), {@link Count}, {@link Text}, {@link Value},
 * {@link Attribute}, {@link Var}, {@link Download}, {@link Load}, {@link Expression} and
 * {@link Not}. String fields may hold {@code ${...}} placeholders.
 */
@org.immutables.value.Value.Enclosing
public sealed interface Condition {

  /**
   * Calls the {@code visit} method of {@code visitor} for this condition's kind and returns its
   * result. The one way to dispatch on a condition's kind; see {@link ConditionVisitor}.
   */
  <R> R accept(ConditionVisitor<R> visitor);

  /**
   * The URL of the current frame context (the page's URL in the main frame, the frame's URL after
   * a {@code frame} step) matches a glob ({@code *} within a segment, {@code **} across).
   */
  @org.immutables.value.Value.Immutable
  non-sealed interface Url extends Condition {
    @Override
    default <R> R accept(ConditionVisitor<R> visitor) {
      return visitor.visitUrl(this);
    }

    @org.immutables.value.Value.Parameter
    String glob();

    static Url of(String glob) {
      return ImmutableCondition.Url.of(glob);
    }
  }

  /** The title of the current frame context's document (the page's in the main frame) matches a glob. */
  @org.immutables.value.Value.Immutable
  non-sealed interface Title extends Condition {
    @Override
    default <R> R accept(ConditionVisitor<R> visitor) {
      return visitor.visitTitle(this);
    }

    @org.immutables.value.Value.Parameter
    String glob();

    static Title of(String glob) {
      return ImmutableCondition.Title.of(glob);
    }
  }

  /**
   * States an element can be in. {@code HIDDEN} also holds when the element is absent.
   * {@code EDITABLE}: an enabled form field ({@code input}, {@code textarea}, {@code select}) without
   * {@code readonly}, an element with {@code contenteditable}, or an element whose role allows
   * {@code aria-readonly} without {@code aria-readonly="true"}, as Playwright's {@code isEditable}
   * and Selenium IDE's {@code assertEditable} decide; {@code NOT_EDITABLE} is the opposite (disabled,
   * read-only, or nothing one can type into).
   */
  enum State {
    EXISTS, VISIBLE, HIDDEN, ENABLED, DISABLED, CHECKED, UNCHECKED, EDITABLE, NOT_EDITABLE
  }

  /** The target resolves to one element in the given state. */
  @org.immutables.value.Value.Immutable
  non-sealed interface Element extends Condition {
    @Override
    default <R> R accept(ConditionVisitor<R> visitor) {
      return visitor.visitElement(this);
    }

    @org.immutables.value.Value.Parameter
    Target target();

    @org.immutables.value.Value.Parameter
    State state();

    static Element of(Target target, State state) {
      return ImmutableCondition.Element.of(target, state);
    }
  }

  /** Comparison operators, with their JSON spelling. */
  enum Op {
    EQ("=="), GTE(">="), LTE("<="), GT(">"), LT("<");

    private final String symbol;

    Op(String symbol) {
      this.symbol = symbol;
    }

    public String symbol() {
      return symbol;
    }

    public boolean test(long actual, long expected) {
      return switch (this) {
        case EQ -> actual == expected;
        case GTE -> actual >= expected;
        case LTE -> actual <= expected;
        case GT -> actual > expected;
        case LT -> actual < expected;
      };
    }

    public static Optional<Op> fromSymbol(String symbol) {
      for (Op op : values()) {
        if (op.symbol.equals(symbol)) {
          return Optional.of(op);
        }
      }
      return Optional.empty();
    }
  }

  /**
   * The number of elements matched by the target's candidates compares with {@code count}. Unlike
   * acting, counting does not need a unique match: the first candidate is counted.
   */
  @org.immutables.value.Value.Immutable
  non-sealed interface Count extends Condition {
    @Override
    default <R> R accept(ConditionVisitor<R> visitor) {
      return visitor.visitCount(this);
    }

    Target target();

    @org.immutables.value.Value.Default
    default Op op() {
      return Op.EQ;
    }

    int count();

    static Count of(Target target, Op op, int count) {
      return ImmutableCondition.Count.builder().target(target).op(op).count(count).build();
    }
  }

  /** How a text is compared. */
  enum Match {
    EQUALS, CONTAINS, GLOB
  }

  /** Text is present on the page, or an element's text compares with {@code text}. */
  @org.immutables.value.Value.Immutable
  non-sealed interface Text extends Condition {
    @Override
    default <R> R accept(ConditionVisitor<R> visitor) {
      return visitor.visitText(this);
    }

    Optional<Target> target();

    String text();

    @org.immutables.value.Value.Default
    default Match match() {
      return Match.CONTAINS;
    }

    static Text present(String text) {
      return ImmutableCondition.Text.builder().text(text).build();
    }

    static Text of(Target target, String text, Match match) {
      return ImmutableCondition.Text.builder().target(target).text(text).match(match).build();
    }

    /** Page text (no target) or an element's text, compared with {@code match}. */
    static Text of(Optional<Target> target, String text, Match match) {
      return ImmutableCondition.Text.builder().target(target).text(text).match(match).build();
    }
  }

  /** A form field's current value equals {@code value}. */
  @org.immutables.value.Value.Immutable
  non-sealed interface Value extends Condition {
    @Override
    default <R> R accept(ConditionVisitor<R> visitor) {
      return visitor.visitValue(this);
    }

    @org.immutables.value.Value.Parameter
    Target target();

    @org.immutables.value.Value.Parameter
    String value();

    static Value of(Target target, String value) {
      return ImmutableCondition.Value.of(target, value);
    }
  }

  /** An element has an attribute, optionally with the given value. */
  @org.immutables.value.Value.Immutable
  non-sealed interface Attribute extends Condition {
    @Override
    default <R> R accept(ConditionVisitor<R> visitor) {
      return visitor.visitAttribute(this);
    }

    Target target();

    String name();

    Optional<String> value();

    static Attribute of(Target target, String name, Optional<String> value) {
      return ImmutableCondition.Attribute.builder().target(target).name(name).value(value).build();
    }
  }

  /** Ways to test a run value. */
  enum VarOp {
    EQUALS, CONTAINS, TRUTHY, FALSY
  }

  /**
   * A run value (usually a whole placeholder such as {@code ${steps.total.text}} or
   * {@code ${vars.count}}) equals / contains {@code operand}, or is truthy / falsy. Truthy means
   * non-empty and not {@code false}, {@code 0} or {@code null}.
   */
  @org.immutables.value.Value.Immutable
  non-sealed interface Var extends Condition {
    @Override
    default <R> R accept(ConditionVisitor<R> visitor) {
      return visitor.visitVar(this);
    }

    String subject();

    VarOp op();

    Optional<String> operand();

    @org.immutables.value.Value.Check
    default void check() {
      boolean needsOperand = op() == VarOp.EQUALS || op() == VarOp.CONTAINS;
      if (needsOperand != operand().isPresent()) {
        throw new IllegalStateException(op() + (needsOperand ? " needs an operand" : " takes no operand"));
      }
    }

    static Var equalTo(String subject, String operand) {
      return ImmutableCondition.Var.builder().subject(subject).op(VarOp.EQUALS).operand(operand).build();
    }

    static Var containing(String subject, String operand) {
      return ImmutableCondition.Var.builder().subject(subject).op(VarOp.CONTAINS).operand(operand).build();
    }

    static Var truthy(String subject) {
      return ImmutableCondition.Var.builder().subject(subject).op(VarOp.TRUTHY).build();
    }

    static Var falsy(String subject) {
      return ImmutableCondition.Var.builder().subject(subject).op(VarOp.FALSY).build();
    }
  }

  /** A download whose suggested file name matches the glob has completed in this run. */
  @org.immutables.value.Value.Immutable
  non-sealed interface Download extends Condition {
    @Override
    default <R> R accept(ConditionVisitor<R> visitor) {
      return visitor.visitDownload(this);
    }

    @org.immutables.value.Value.Parameter
    String fileGlob();

    static Download of(String fileGlob) {
      return ImmutableCondition.Download.of(fileGlob);
    }
  }

  /** Page load states. */
  enum LoadState {
    LOAD, DOMCONTENTLOADED, NETWORKIDLE
  }

  /** The page reached a load state. */
  @org.immutables.value.Value.Immutable
  non-sealed interface Load extends Condition {
    @Override
    default <R> R accept(ConditionVisitor<R> visitor) {
      return visitor.visitLoad(this);
    }

    @org.immutables.value.Value.Parameter
    LoadState state();

    static Load of(LoadState state) {
      return ImmutableCondition.Load.of(state);
    }
  }

  /**
   * A page expression evaluates truthy. Needs the {@code script.eval} capability in the flow's
   * policy and an allowing run.
   */
  @org.immutables.value.Value.Immutable
  non-sealed interface Expression extends Condition {
    @Override
    default <R> R accept(ConditionVisitor<R> visitor) {
      return visitor.visitExpression(this);
    }

    @org.immutables.value.Value.Parameter
    String script();

    static Expression of(String script) {
      return ImmutableCondition.Expression.of(script);
    }
  }

  /** The negation of another condition. */
  @org.immutables.value.Value.Immutable
  non-sealed interface Not extends Condition {
    @Override
    default <R> R accept(ConditionVisitor<R> visitor) {
      return visitor.visitNot(this);
    }

    @org.immutables.value.Value.Parameter
    Condition condition();

    static Not of(Condition condition) {
      return ImmutableCondition.Not.of(condition);
    }
  }
}
