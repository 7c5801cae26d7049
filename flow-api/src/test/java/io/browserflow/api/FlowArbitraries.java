package io.browserflow.api;


import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;

/**
 * Generators of arbitrary VALID flows for property tests: every step kind, nested bodies, targets
 * with frame and shadow paths, conditions, retries, fallbacks and placeholders bound to declared
 * inputs, credentials and loop variables.
 */
public final class FlowArbitraries {
  private FlowArbitraries() {}

  private static final List<String> INPUTS = List.of("USER", "QUERY", "DEVICE_ID");
  private static final List<String> COLUMNS = List.of("name", "city");

  /** Arbitrary valid flows with up to {@code maxTopSteps} top-level steps and nesting up to depth 3. */
  public static Arbitrary<Flow> flows(int maxTopSteps) {
    Arbitrary<List<Step>> steps = step(0, Scope.TOP).list().ofMinSize(1).ofMaxSize(maxTopSteps);
    Arbitrary<String> name = Arbitraries.strings().withCharRange('a', 'z').withChars(' ', '-', '流', '程')
        .ofMinLength(1).ofMaxLength(30).filter(s -> !s.isBlank());
    return Combinators.combine(name, steps, Arbitraries.of(true, false), Arbitraries.of(true, false))
        .as((n, s, withTable, withSchedule) -> {
          Flow.Builder flow = Flow.builder().name(n)
              .description("generated flow")
              .addTags("generated")
              .meta(FlowMeta.builder().source("property-test").build());
          for (String key : INPUTS) {
            flow.addInputs(Input.builder().key(key).defaultValue("v-" + key.toLowerCase()).build());
          }
          flow.addInputs(Input.builder().key("MODE").type(Input.Type.SELECT).addOptions("fast", "slow")
              .defaultValue("fast").build());
          flow.addCredentials(Credential.of("BASE_URL", Credential.Type.URL));
          flow.addCredentials(Credential.of("PASSWORD", Credential.Type.PASSWORD));
          flow.addTabs(TabAlias.of("main"), TabAlias.builder().alias("detail").opener("main").build());
          // the table is always present: foreach over table rows may be generated
          flow.table(DataTable.of(COLUMNS, withTable
              ? List.of(List.of("Ann", "Oslo"), List.of("Bo", "Lima"))
              : List.of(List.of("Cy", "Rome"))));
          flow.policy(Policy.builder().addAllowedOrigins("https://example.org")
              .addCapabilities(Capability.SCRIPT_EVAL, Capability.FILE_UPLOAD, Capability.HTTP_REQUEST).build());
          if (withSchedule) {
            flow.schedule(Schedule.builder().everyMinutes(15).putInput("QUERY", "scheduled").build());
          }
          List<Step> all = new ArrayList<>(s);
          // an export names a dataset some write of the flow fills
          all.add(DataStep.DatasetWrite.builder().id("x").dataset("data").putRow("at", "end").build());
          return flow.steps(relabel(all, new AtomicInteger())).build();
        });
  }

  /** Where a generated step sits, to bind loop placeholders only where they resolve. */
  enum Scope {
    TOP, LOOP_INDEX, TABLE_ROW, LITERAL_ITEM
  }

  static Arbitrary<String> value(Scope scope) {
    List<Arbitrary<String>> choices = new ArrayList<>(List.of(
        Arbitraries.strings().alpha().numeric().withChars(' ', '中', '文', '.').ofMaxLength(20),
        Arbitraries.of(INPUTS).map(k -> "${" + k + "}"),
        Arbitraries.of(INPUTS).map(k -> "prefix ${input." + k + "} suffix"),
        Arbitraries.just("${credential.PASSWORD}")));
    if (scope != Scope.TOP) {
      choices.add(Arbitraries.just("#${loop.index}"));
    }
    if (scope == Scope.TABLE_ROW) {
      choices.add(Arbitraries.of(COLUMNS).map(c -> "${loop.row." + c + "}"));
    }
    if (scope == Scope.LITERAL_ITEM) {
      choices.add(Arbitraries.just("item ${loop.item}"));
    }
    return Arbitraries.oneOf(choices);
  }

  static Arbitrary<String> word() {
    return Arbitraries.strings().withCharRange('a', 'z').ofMinLength(1).ofMaxLength(8);
  }

  static Arbitrary<Candidate> candidate() {
    return Arbitraries.oneOf(
        word().map(Candidate::testId),
        word().map(w -> Candidate.id("id-" + w)),
        Combinators.combine(Arbitraries.of("button", "link", "textbox", "checkbox"), word())
            .as(Candidate::role),
        Arbitraries.of("button", "dialog").map(Candidate::role),
        word().map(Candidate::label),
        word().map(Candidate::placeholder),
        word().map(w -> Candidate.text("Text " + w)),
        word().map(w -> Candidate.css("form ." + w)),
        word().map(w -> Candidate.xpath("//button[@name='" + w + "']")),
        word().map(w -> Candidate.aria("Name " + w)),
        word().map(w -> Candidate.textContains("Total " + w)));
  }

  static Arbitrary<Target> target() {
    return Combinators.combine(
            candidate().list().ofMinSize(1).ofMaxSize(3),
            Arbitraries.of(List.<String>of(), List.of("iframe#pay"), List.of("name:outer", "url:**/inner*")),
            Arbitraries.of(List.<String>of(), List.of("my-app"), List.of("my-app", "my-panel")))
        .as((c, f, s) -> Target.builder().addAllCandidates(c).framePath(f).shadowPath(s).build());
  }

  static Arbitrary<Condition> condition(Scope scope) {
    return Arbitraries.oneOf(
        word().map(w -> Condition.Url.of("**/" + w + "*")),
        word().map(w -> Condition.Title.of(w + "*")),
        Combinators.combine(target(), Arbitraries.of(Condition.State.class)).as(Condition.Element::of),
        Combinators.combine(target(), Arbitraries.of(Condition.Op.class), Arbitraries.integers().between(0, 20))
            .as(Condition.Count::of),
        value(scope).map(Condition.Text::present),
        Combinators.combine(target(), value(scope), Arbitraries.of(Condition.Match.class))
            .as(Condition.Text::of),
        Combinators.combine(target(), value(scope)).as(Condition.Value::of),
        Combinators.combine(target(), word(), word().optional()).as(Condition.Attribute::of),
        Combinators.combine(Arbitraries.of(INPUTS), word())
            .as((k, w) -> (Condition) Condition.Var.equalTo("${" + k + "}", w)),
        Arbitraries.of(INPUTS).map(k -> Condition.Var.truthy("${input." + k + "}")),
        word().map(w -> Condition.Download.of(w + "*.csv")),
        Arbitraries.of(Condition.LoadState.class).map(Condition.Load::of),
        Arbitraries.just(Condition.Expression.of("document.readyState === 'complete'")),
        word().map(w -> Condition.Not.of(Condition.Url.of("**/" + w))));
  }

  /** A step with common attributes; its id is replaced by {@link #relabel}. */
  static Arbitrary<Step> step(int depth, Scope scope) {
    Arbitrary<Step> simple = simpleStep(scope);
    Arbitrary<Step> kind = depth >= 3 ? simple
        : Arbitraries.frequencyOf(
            net.jqwik.api.Tuple.of(10, simple),
            net.jqwik.api.Tuple.of(1, Arbitraries.lazy(() -> controlStep(depth, scope))));
    return Combinators.combine(kind, common(depth, scope)).as((s, c) -> c.apply(s));
  }

  @FunctionalInterface
  interface Decoration {
    Step apply(Step step);
  }

  private static Arbitrary<Decoration> common(int depth, Scope scope) {
    Arbitrary<Decoration> none = Arbitraries.just(s -> s);
    Arbitrary<Decoration> titled = word().map(w -> s -> s.withTitle("Step " + w));
    Arbitrary<Decoration> timed = Arbitraries.integers().between(100, 30_000).map(t -> s -> s.withTimeoutMs(t));
    Arbitrary<Decoration> retried = Combinators.combine(Arbitraries.integers().between(0, 5),
            Arbitraries.integers().between(0, 2_000), Arbitraries.of(Retry.Backoff.class))
        .as((n, i, b) -> s -> s.withRetry(Retry.of(n, i, b)));
    Arbitrary<Decoration> expecting = condition(scope).list().ofMinSize(1).ofMaxSize(2)
        .map(cs -> s -> s.withExpect(cs));
    Arbitrary<Decoration> onError = Arbitraries.of(OnError.continueRun(), OnError.retry(), OnError.stop())
        .map(o -> s -> s.withOnError(o));
    Arbitrary<Decoration> disabled = Arbitraries.just(s -> s.withDisabled(true));
    Arbitrary<io.browserflow.api.Dialog> dialog = Arbitraries.oneOf(
        word().map(w -> io.browserflow.api.Dialog.alert("Saved " + w)),
        word().map(w -> io.browserflow.api.Dialog.confirm("Delete " + w + "?").dismiss()),
        word().map(w -> io.browserflow.api.Dialog.prompt("Name?").answer(w)),
        Arbitraries.just(io.browserflow.api.Dialog.of(io.browserflow.api.Dialog.Type.PROMPT)),
        Arbitraries.just(io.browserflow.api.Dialog.beforeUnload().dismiss()));
    Arbitrary<Decoration> dialogs = dialog.list().ofMinSize(1).ofMaxSize(2)
        .map(ds -> s -> s.kind().opensDialogs() ? s.withDialogs(ds) : s);
    List<Arbitrary<Decoration>> all = new ArrayList<>(List.of(none, titled, timed, retried, expecting, onError, disabled,
        dialogs));
    if (depth < 3) {
      all.add(simpleStep(scope).list().ofMinSize(1).ofMaxSize(2)
          .map(fb -> s -> s.withOnError(OnError.fallback(fb))));
    }
    return Arbitraries.oneOf(all).list().ofMaxSize(3).map(ds -> s -> {
      Step out = s;
      for (Decoration d : ds) {
        out = d.apply(out);
      }
      return out;
    });
  }

  private static Arbitrary<Step> simpleStep(Scope scope) {
    Arbitrary<String> v = value(scope);
    Arbitrary<Target> t = target();
    return Arbitraries.oneOf(
        v.map(u -> PageStep.Open.builder().id("x").url("https://example.org/" + u).build()),
        Arbitraries.just(PageStep.Open.builder().id("x").url("${credential.BASE_URL}/home").tab("detail").build()),
        v.map(u -> PageStep.Navigate.builder().id("x").url("https://example.org/p?q=" + u).build()),
        Arbitraries.just(PageStep.Back.builder().id("x").build()),
        Arbitraries.just(PageStep.Forward.builder().id("x").build()),
        Arbitraries.just(PageStep.Reload.builder().id("x").build()),
        Arbitraries.just(PageStep.TabNew.builder().id("x").alias("detail").url("https://example.org/d").build()),
        Arbitraries.of("main", "detail").map(a -> PageStep.TabSwitch.builder().id("x").alias(a).build()),
        Arbitraries.just(PageStep.TabClose.builder().id("x").alias("detail").build()),
        Arbitraries.of("iframe#pay", "selector:iframe.x", "url:**/frame*", "name:inner")
            .map(l -> PageStep.Frame.builder().id("x").locator(l).build()),
        Arbitraries.just(PageStep.FrameMain.builder().id("x").build()),
        Combinators.combine(Arbitraries.integers().between(320, 3840), Arbitraries.integers().between(240, 2160))
            .as((w, h) -> PageStep.SetViewport.builder().id("x").width(w).height(h).build()),
        Arbitraries.just(PageStep.EmulateNetwork.builder().id("x").offline(true).build()),
        Arbitraries.just(PageStep.EmulateNetwork.builder().id("x").build()),
        Combinators.combine(Arbitraries.integers().between(0, 10_000_000).optional(),
                Arbitraries.integers().between(0, 10_000_000).optional(), Arbitraries.integers().between(0, 5_000).optional())
            .as((d, u, l) -> {
              PageStep.EmulateNetwork.Builder b = PageStep.EmulateNetwork.builder().id("x");
              d.ifPresent(b::downloadBytesPerSecond);
              u.ifPresent(b::uploadBytesPerSecond);
              l.ifPresent(b::latencyMs);
              return b.build();
            }),
        Combinators.combine(t, Arbitraries.of(Step.MouseButton.class), Arbitraries.of(List.<String>of(), List.of("Shift")),
                Arbitraries.doubles().between(0, 50).ofScale(1).optional())
            .as((tt, b, m, o) -> InteractionStep.Click.builder().id("x").target(tt).button(b).modifiers(m)
                .offset(o.map(d -> Point.of(d, d / 2))).build()),
        t.map(tt -> InteractionStep.Click.builder().id("x").target(tt).newTab("detail").build()),
        Combinators.combine(t, Arbitraries.integers().between(0, 30_000))
            .as((tt, d) -> InteractionStep.Click.builder().id("x").target(tt).delay(d).build()),
        t.map(tt -> InteractionStep.Dblclick.builder().id("x").target(tt).build()),
        t.map(tt -> InteractionStep.Contextmenu.builder().id("x").target(tt).offset(Point.of(1.5, 2)).build()),
        t.map(tt -> InteractionStep.Hover.builder().id("x").target(tt).build()),
        Combinators.combine(t, Arbitraries.of(Step.MouseAction.class), Arbitraries.doubles().between(-50, 50).ofScale(1).optional())
            .as((tt, a, o) -> InteractionStep.Mouse.builder().id("x").action(a).target(tt)
                .fromCenter(a == Step.MouseAction.OUT ? java.util.Optional.<Point>empty() : o.map(d -> Point.of(d, -d)))
                .button(a == Step.MouseAction.DOWN || a == Step.MouseAction.UP ? Step.MouseButton.MIDDLE : Step.MouseButton.LEFT)
                .build()),
        Combinators.combine(t, v).as((tt, vv) -> InteractionStep.Fill.builder().id("x").target(tt).value(vv).build()),
        Combinators.combine(t, v).as((tt, vv) -> InteractionStep.Change.builder().id("x").target(tt).value(vv).build()),
        Combinators.combine(t.optional(), v).as((tt, vv) -> InteractionStep.Type.builder().id("x").target(tt).text(vv).build()),
        Combinators.combine(Arbitraries.of("Enter", "Escape", "Tab", "a"), t.optional())
            .as((k, tt) -> InteractionStep.Press.builder().id("x").key(k).addModifiers("Control").target(tt).build()),
        Combinators.combine(t, word(), Arbitraries.of(true, false)).as((tt, w, byValue) -> byValue
            ? InteractionStep.Select.builder().id("x").target(tt).value(w).build()
            : InteractionStep.Select.builder().id("x").target(tt).label(w).build()),
        t.map(tt -> InteractionStep.Check.builder().id("x").target(tt).build()),
        t.map(tt -> InteractionStep.Uncheck.builder().id("x").target(tt).build()),
        t.map(tt -> InteractionStep.Toggle.builder().id("x").target(tt).build()),
        Combinators.combine(Arbitraries.of(Step.ScrollMode.BY, Step.ScrollMode.TO), t.optional(),
                Arbitraries.integers().between(-500, 500))
            .as((m, tt, n) -> InteractionStep.Scroll.builder().id("x").mode(m).target(tt).x(0).y(n).build()),
        t.map(tt -> InteractionStep.Scroll.builder().id("x").mode(Step.ScrollMode.INTO_VIEW).target(tt).build()),
        Combinators.combine(t, t).as((a, b) -> InteractionStep.Drag.builder().id("x").source(a).destination(b).build()),
        t.map(tt -> InteractionStep.Upload.builder().id("x").target(tt).addFiles("/data/a.txt").build()),
        Arbitraries.integers().between(0, 5_000).map(ms -> CheckStep.Wait.builder().id("x").ms(ms).build()),
        condition(scope).map(c -> CheckStep.Wait.builder().id("x").until(c).build()),
        condition(scope).map(c -> CheckStep.Assert.builder().id("x").condition(c).build()),
        Combinators.combine(t, Arbitraries.of(Step.ReadKind.TEXT, Step.ReadKind.VALUE))
            .as((tt, k) -> DataStep.Read.builder().id("x").target(tt).what(k).build()),
        t.map(tt -> DataStep.Read.builder().id("x").target(tt).what(Step.ReadKind.ATTRIBUTE).attribute("href").build()),
        Combinators.combine(t, Arbitraries.of(Step.ScrapeMode.TABLE, Step.ScrapeMode.LINKS), Arbitraries.integers().between(1, 500).optional())
            .as((tt, m, l) -> DataStep.Scrape.builder().id("x").target(tt).mode(m)
                .limit(l.map(java.util.OptionalInt::of).orElse(java.util.OptionalInt.empty())).build()),
        t.map(tt -> DataStep.Scrape.builder().id("x").target(tt).mode(Step.ScrapeMode.ATTRIBUTES).addAttributes("href", "title").build()),
        Combinators.combine(word(), v).as((n, vv) -> DataStep.SetVar.builder().id("x").name(n).value(vv).build()),
        Arbitraries.just(DataStep.Eval.builder().id("x").script("document.title").build()),
        Combinators.combine(t.optional(), word().optional(), Arbitraries.of(true, false))
            .as((tt, n, f) -> DataStep.Screenshot.builder().id("x").target(tt).name(n.map(s -> s + ".png")).fullPage(f).build()),
        word().map(w -> DataStep.CsvImport.builder().id("x").path("data/" + w + ".csv").build()),
        Arbitraries.of(INPUTS).map(k -> DataStep.CsvExport.builder().id("x").source("${" + k + "}").path("out/" + k + ".csv").build()),
        Combinators.combine(word(), v.filter(vv -> !vv.contains("credential")))
            .as((c, vv) -> DataStep.DatasetWrite.builder().id("x").dataset("data").putRow(c, vv)
            .putRow("at", "fixed").build()),
        Combinators.combine(Arbitraries.of(Step.DatasetFormat.class), word(), Arbitraries.of(true, false))
            .as((f, w, c) -> DataStep.DatasetExport.builder().id("x").dataset("data").format(f).path("out/" + w).clear(c).build()),
        Combinators.combine(Arbitraries.of("GET", "POST", "DELETE"), Arbitraries.of(INPUTS), word())
            .as((m, k, w) -> ExternalStep.Http.builder().id("x").method(m).url("https://example.org/" + w + "?q=${" + k + "}")
                .putHeaders("X-Trace", w).putExtract("first", "$.items[0]").failOnStatus(!w.isEmpty()).build()),
        v.map(vv -> DataStep.Clipboard.builder().id("x").action(Step.ClipboardAction.WRITE).text(vv.contains("credential") ? "copied" : vv)
            .build()),
        Arbitraries.just(DataStep.Clipboard.builder().id("x").action(Step.ClipboardAction.READ).build()),
        Arbitraries.of(INPUTS).map(k -> ExternalStep.Call.builder().id("x").flow("library-flow").putInputs("KEY", "${" + k + "}").build()),
        word().map(w -> ExternalStep.Manual.builder().id("x").instructions("Solve the captcha " + w).build()));
  }

  private static Arbitrary<Step> controlStep(int depth, Scope scope) {
    int d = depth + 1;
    return Arbitraries.oneOf(
        body(d, Scope.TABLE_ROW).map(b -> ControlStep.Foreach.builder().id("x").source(ForeachSource.table()).body(b).build()),
        Combinators.combine(word().list().ofMinSize(1).ofMaxSize(5), body(d, Scope.LITERAL_ITEM),
                Arbitraries.integers().between(1, 10))
            .as((vs, b, c) -> ControlStep.Foreach.builder().id("x").source(ForeachSource.literal(vs)).concurrency(c).body(b).build()),
        Combinators.combine(Arbitraries.integers().between(1, 100), body(d, Scope.LOOP_INDEX))
            .as((n, b) -> ControlStep.Repeat.builder().id("x").times(n).body(b).build()),
        Combinators.combine(condition(scope), body(d, scope), body(d, scope).injectNull(0.3))
            .as((c, th, el) -> ControlStep.If.builder().id("x").condition(c).then(th).otherwise(el == null ? List.of() : el).build()),
        Combinators.combine(condition(scope), body(d, Scope.LOOP_INDEX), Arbitraries.integers().between(1, 1000))
            .as((c, b, m) -> ControlStep.While.builder().id("x").condition(c).body(b).max(m).build()),
        Combinators.combine(target(), Arbitraries.of(Step.PaginateMode.class), Arbitraries.integers().between(1, 50),
                body(d, Scope.LOOP_INDEX))
            .as((tt, m, p, b) -> DataStep.Paginate.builder().id("x").target(tt).mode(m).maxPages(p).body(b).build()));
  }

  private static Arbitrary<List<Step>> body(int depth, Scope scope) {
    return step(depth, scope).list().ofMinSize(1).ofMaxSize(3);
  }

  /** Gives every step, nested ones included, a unique id in document order. */
  public static List<Step> relabel(List<Step> steps, AtomicInteger counter) {
    List<Step> out = new ArrayList<>();
    for (Step s : steps) {
      Step step = s.withId(s.kind().op() + "-" + counter.incrementAndGet());
      if (step.onError().kind() == OnError.Kind.FALLBACK) {
        step = step.withOnError(OnError.fallback(relabel(step.onError().fallback(), counter)));
      }
      if (step instanceof ControlStep.Foreach) {
        step = ControlStep.Foreach.builder().from((ControlStep.Foreach) step).body(relabel(((ControlStep.Foreach) step).body(), counter)).build();
      } else if (step instanceof ControlStep.Repeat) {
        step = ControlStep.Repeat.builder().from((ControlStep.Repeat) step).body(relabel(((ControlStep.Repeat) step).body(), counter)).build();
      } else if (step instanceof ControlStep.While) {
        step = ControlStep.While.builder().from((ControlStep.While) step).body(relabel(((ControlStep.While) step).body(), counter)).build();
      } else if (step instanceof DataStep.Paginate) {
        step = DataStep.Paginate.builder().from((DataStep.Paginate) step).body(relabel(((DataStep.Paginate) step).body(), counter)).build();
      } else if (step instanceof ControlStep.If) {
        ControlStep.If i = (ControlStep.If) step;
        step = ControlStep.If.builder().from(i).then(relabel(i.then(), counter)).otherwise(relabel(i.otherwise(), counter)).build();
      }
      out.add(step);
    }
    return out;
  }

  /** Counts steps, nested bodies and fallbacks included. */
  public static int countSteps(List<Step> steps) {
    int n = 0;
    for (Step s : steps) {
      n++;
      n += countSteps(s.onError().fallback());
      if (s instanceof ControlStep.Foreach) {
        n += countSteps(((ControlStep.Foreach) s).body());
      } else if (s instanceof ControlStep.Repeat) {
        n += countSteps(((ControlStep.Repeat) s).body());
      } else if (s instanceof ControlStep.While) {
        n += countSteps(((ControlStep.While) s).body());
      } else if (s instanceof DataStep.Paginate) {
        n += countSteps(((DataStep.Paginate) s).body());
      } else if (s instanceof ControlStep.If) {
        n += countSteps(((ControlStep.If) s).then()) + countSteps(((ControlStep.If) s).otherwise());
      }
    }
    return n;
  }

}
