package io.browserflow.api.json;

import io.browserflow.api.Candidate;
import io.browserflow.api.Capability;
import io.browserflow.api.Condition;
import io.browserflow.api.Credential;
import io.browserflow.api.DataTable;
import io.browserflow.api.Flow;
import io.browserflow.api.FlowMeta;
import io.browserflow.api.ForeachSource;
import io.browserflow.api.Input;
import io.browserflow.api.OnError;
import io.browserflow.api.Point;
import io.browserflow.api.Policy;
import io.browserflow.api.Retry;
import io.browserflow.api.Schedule;
import io.browserflow.api.Step;
import io.browserflow.api.PageStep;
import io.browserflow.api.InteractionStep;
import io.browserflow.api.ExternalStep;
import io.browserflow.api.DataStep;
import io.browserflow.api.ControlStep;
import io.browserflow.api.CheckStep;
import io.browserflow.api.TabAlias;
import io.browserflow.api.Target;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.function.Supplier;

/**
 * Random flows covering every step kind, condition form, candidate kind and declaration, with
 * awkward text and numbers. Not meant to pass validation: only to be representable in the format
 * (the reader's structural rules hold, e.g. a select has exactly one of value or label).
 */
final class RandomFlows {
  private static final String[] WORDS = {"", "a", "Save", "${USER}", "${credential.PASSWORD}", "${steps.s1.items}",
      "quote\"", "back\\slash", "line\nbreak", "tab\t", "nul\u0000", "中文", "😀", "ü", "\u2028", "<b>&amp;</b>",
      "   ", "/path/x", "**/home", "0", "-1", "true", "null", "{}", "[]"};
  private static final int[] INTS = {0, 1, -1, 500, 1000, Integer.MAX_VALUE, Integer.MIN_VALUE};
  private static final double[] DOUBLES = {0.0, -0.0, 1.5, 1e300, -3, 0.1, Double.MIN_VALUE, 123456789.125};

  private final Random random;
  private int nextId;

  RandomFlows(long seed) {
    this.random = new Random(seed);
  }

  Flow flow() {
    Flow.Builder b = Flow.builder().name(text());
    if (chance()) {
      b.id(text());
    }
    if (chance()) {
      b.description(text());
    }
    b.addAllTags(texts());
    if (chance()) {
      b.meta(FlowMeta.builder().createdAt(optional()).source(optional()).recorderVersion(optional()).build());
    }
    b.addAllInputs(list(this::input));
    b.addAllCredentials(list(this::credential));
    b.addAllTabs(list(() -> TabAlias.builder().alias(text()).url(optional()).opener(optional()).build()));
    if (chance()) {
      List<List<String>> rows = list(this::texts);
      b.table(DataTable.of(texts(), rows));
    }
    if (chance()) {
      Policy.Builder p = Policy.builder().allowedOrigins(texts());
      for (Capability c : Capability.values()) {
        if (chance()) {
          p.addCapabilities(c);
        }
      }
      b.policy(p.build());
    }
    if (chance()) {
      Schedule.Builder s = Schedule.builder();
      if (chance()) {
        s.everyMinutes(integer());
      } else {
        s.cron(text());
      }
      for (int i = random.nextInt(3); i > 0; i--) {
        s.putInput(text() + i, text());
      }
      b.schedule(s.build());
    }
    b.addAllSteps(steps(0));
    return b.build();
  }

  private Input input() {
    Input.Builder i = Input.builder().key(text()).label(optional()).type(pick(Input.Type.values()))
        .defaultValue(optional()).pattern(optional()).addAllOptions(texts());
    if (chance()) {
      i.required(chance());
    }
    return i.build();
  }

  private Credential credential() {
    Credential.Builder c = Credential.builder().key(text()).label(optional()).type(pick(Credential.Type.values()));
    if (chance()) {
      c.required(chance());
    }
    if (chance()) {
      c.secret(chance());
    }
    return c.build();
  }

  // ------------------------------------------------------------------ steps

  List<Step> steps(int depth) {
    List<Step> steps = new ArrayList<>();
    int n = depth > 2 ? 0 : random.nextInt(depth == 0 ? 6 : 3);
    for (int i = 0; i < n; i++) {
      steps.add(step(depth));
    }
    return steps;
  }

  private Step step(int depth) {
    Step s = opStep(pick(Step.Kind.values()), "s" + (nextId++), depth);
    if (chance()) {
      s = s.withTitle(text());
    }
    if (chance()) {
      s = s.withTimeoutMs(integer());
    }
    if (chance()) {
      s = s.withRetry(Retry.of(integer(), integer(), pick(Retry.Backoff.values())));
    }
    if (chance()) {
      List<Step> fallback = steps(depth + 1);
      s = s.withOnError(fallback.isEmpty()
          ? pick(new OnError[] {OnError.stop(), OnError.continueRun(), OnError.retry()})
          : OnError.fallback(fallback));
    }
    if (chance()) {
      s = s.withExpect(list(() -> condition(0)));
    }
    if (chance()) {
      s = s.withDisabled(chance());
    }
    return s;
  }

  private Step opStep(Step.Kind kind, String id, int depth) {
    switch (kind) {
      case OPEN: return PageStep.Open.builder().id(id).url(text()).tab(optional()).build();
      case NAVIGATE: return PageStep.Navigate.builder().id(id).url(text()).build();
      case BACK: return PageStep.Back.builder().id(id).build();
      case FORWARD: return PageStep.Forward.builder().id(id).build();
      case RELOAD: return PageStep.Reload.builder().id(id).build();
      case TAB_NEW: return PageStep.TabNew.builder().id(id).alias(text()).url(optional()).build();
      case TAB_SWITCH: return PageStep.TabSwitch.builder().id(id).alias(text()).build();
      case TAB_CLOSE: return PageStep.TabClose.builder().id(id).alias(optional()).build();
      case FRAME: return PageStep.Frame.builder().id(id).locator(text()).build();
      case FRAME_MAIN: return PageStep.FrameMain.builder().id(id).build();
      case SET_VIEWPORT: {
        PageStep.SetViewport.Builder b = PageStep.SetViewport.builder().id(id).width(integer()).height(integer()).mobile(chance()).touch(chance());
        if (chance()) {
          b.deviceScaleFactor(1 + integer() % 3);
        }
        return b.build();
      }
      case CLICK:
        return InteractionStep.Click.builder().id(id).target(target()).button(pick(Step.MouseButton.values()))
            .modifiers(texts()).offset(chance() ? java.util.Optional.of(point()) : java.util.Optional.empty())
            .newTab(optional()).build();
      case DBLCLICK:
        return InteractionStep.Dblclick.builder().id(id).target(target())
            .offset(chance() ? java.util.Optional.of(point()) : java.util.Optional.empty()).build();
      case CONTEXTMENU:
        return InteractionStep.Contextmenu.builder().id(id).target(target())
            .offset(chance() ? java.util.Optional.of(point()) : java.util.Optional.empty()).build();
      case HOVER: return InteractionStep.Hover.builder().id(id).target(target()).build();
      case MOUSE:
        return InteractionStep.Mouse.builder().id(id).action(pick(Step.MouseAction.values())).target(target())
            .fromCenter(chance() ? java.util.Optional.of(point()) : java.util.Optional.empty())
            .button(pick(Step.MouseButton.values())).build();
      case FILL: return InteractionStep.Fill.builder().id(id).target(target()).value(text()).build();
      case TYPE: return InteractionStep.Type.builder().id(id).target(optionalTarget()).text(text()).build();
      case PRESS:
        return random.nextInt(4) == 0
            ? InteractionStep.Press.builder().id(id).key(text()).phase(random.nextBoolean() ? Step.KeyPhase.DOWN : Step.KeyPhase.UP)
                .target(optionalTarget()).build()
            : InteractionStep.Press.builder().id(id).key(text()).modifiers(texts()).target(optionalTarget()).build();
      case SELECT: {
        InteractionStep.Select.Builder b = InteractionStep.Select.builder().id(id).target(target());
        return (chance() ? b.value(text()) : b.label(text())).build();
      }
      case CHECK: return InteractionStep.Check.builder().id(id).target(target()).build();
      case UNCHECK: return InteractionStep.Uncheck.builder().id(id).target(target()).build();
      case TOGGLE: return InteractionStep.Toggle.builder().id(id).target(target()).build();
      case SCROLL:
        return InteractionStep.Scroll.builder().id(id).mode(pick(Step.ScrollMode.values())).target(optionalTarget())
            .x(integer()).y(integer()).build();
      case DRAG: return InteractionStep.Drag.builder().id(id).source(target()).destination(target()).build();
      case UPLOAD: return InteractionStep.Upload.builder().id(id).target(target()).files(texts()).build();
      case WAIT:
        return chance() ? CheckStep.Wait.builder().id(id).ms(integer()).build()
            : CheckStep.Wait.builder().id(id).until(condition(0)).build();
      case ASSERT: return CheckStep.Assert.builder().id(id).condition(condition(0)).build();
      case READ: {
        Step.ReadKind what = pick(Step.ReadKind.values());
        DataStep.Read.Builder b = DataStep.Read.builder().id(id).target(target()).what(what);
        return (what == Step.ReadKind.ATTRIBUTE ? b.attribute(text()) : b).build();
      }
      case SCRAPE: {
        Step.ScrapeMode mode = pick(Step.ScrapeMode.values());
        DataStep.Scrape.Builder b = DataStep.Scrape.builder().id(id).target(target()).mode(mode);
        if (mode == Step.ScrapeMode.ATTRIBUTES) {
          b.attributes(texts());
        }
        if (chance()) {
          b.limit(integer());
        }
        return b.build();
      }
      case PAGINATE:
        return DataStep.Paginate.builder().id(id).target(target()).mode(pick(Step.PaginateMode.values()))
            .maxPages(integer()).body(steps(depth + 1)).build();
      case SET_VAR: return DataStep.SetVar.builder().id(id).name(text()).value(text()).build();
      case EVAL: return DataStep.Eval.builder().id(id).script(text()).build();
      case SCREENSHOT:
        return DataStep.Screenshot.builder().id(id).target(optionalTarget()).name(optional()).fullPage(chance()).build();
      case CSV_IMPORT: return DataStep.CsvImport.builder().id(id).path(text()).build();
      case CSV_EXPORT: return DataStep.CsvExport.builder().id(id).source(text()).path(text()).build();
      case DATASET_WRITE: {
        DataStep.DatasetWrite.Builder b = DataStep.DatasetWrite.builder().id(id).dataset(text());
        for (String column : texts()) {
          b.putRow(column, text());
        }
        return b.build();
      }
      case DATASET_EXPORT:
        return DataStep.DatasetExport.builder().id(id).dataset(text()).format(pick(Step.DatasetFormat.values()))
            .path(text()).clear(chance()).build();
      case HTTP: {
        ExternalStep.Http.Builder b = ExternalStep.Http.builder().id(id).method(pick(new String[] {"GET", "POST", "DELETE"})).url(text())
            .body(optional()).failOnStatus(chance());
        for (String name : texts()) {
          b.putHeaders(name, text());
        }
        for (String name : texts()) {
          b.putExtract(name, text());
        }
        return b.build();
      }
      case CALL: {
        ExternalStep.Call.Builder b = ExternalStep.Call.builder().id(id).flow(text()).addAllOutputs(texts());
        for (String key : texts()) {
          b.putInputs(key, text());
        }
        return b.build();
      }
      case CLIPBOARD:
        return DataStep.Clipboard.builder().id(id).action(pick(Step.ClipboardAction.values())).text(optional()).build();
      case FOREACH: {
        int k = random.nextInt(3);
        ForeachSource source = k == 0 ? ForeachSource.table()
            : k == 1 ? ForeachSource.items("${steps.s" + random.nextInt(9) + ".items}") : ForeachSource.literal(texts());
        return ControlStep.Foreach.builder().id(id).source(source).concurrency(integer()).body(steps(depth + 1)).build();
      }
      case REPEAT: return ControlStep.Repeat.builder().id(id).times(integer()).body(steps(depth + 1)).build();
      case IF:
        return ControlStep.If.builder().id(id).condition(condition(0)).then(steps(depth + 1))
            .otherwise(steps(depth + 1)).build();
      case WHILE:
        return ControlStep.While.builder().id(id).condition(condition(0)).body(steps(depth + 1)).max(integer()).build();
      default:
        return ExternalStep.Manual.builder().id(id).instructions(text()).build();
    }
  }

  // ------------------------------------------------------------------ targets and conditions

  Target target() {
    Target.Builder b = Target.builder();
    for (int i = random.nextInt(4); i > 0; i--) {
      Candidate.Kind kind = pick(Candidate.Kind.values());
      Candidate.Builder c = Candidate.builder().kind(kind).value(text());
      if (kind == Candidate.Kind.ROLE && chance()) {
        c.name(text());
      }
      b.addCandidates(c.build());
    }
    return b.framePath(texts()).shadowPath(texts()).build();
  }

  private java.util.Optional<Target> optionalTarget() {
    return chance() ? java.util.Optional.of(target()) : java.util.Optional.empty();
  }

  Condition condition(int depth) {
    switch (random.nextInt(depth > 3 ? 11 : 12)) {
      case 0: return Condition.Url.of(text());
      case 1: return Condition.Title.of(text());
      case 2: return Condition.Element.of(target(), pick(Condition.State.values()));
      case 3: return Condition.Count.of(target(), pick(Condition.Op.values()), integer());
      case 4: return chance() ? Condition.Text.present(text())
          : Condition.Text.of(target(), text(), pick(Condition.Match.values()));
      case 5: return Condition.Value.of(target(), text());
      case 6: return Condition.Attribute.of(target(), text(), optional());
      case 7: {
        switch (random.nextInt(4)) {
          case 0: return Condition.Var.equalTo(text(), text());
          case 1: return Condition.Var.containing(text(), text());
          case 2: return Condition.Var.truthy(text());
          default: return Condition.Var.falsy(text());
        }
      }
      case 8: return Condition.Download.of(text());
      case 9: return Condition.Load.of(pick(Condition.LoadState.values()));
      case 10: return Condition.Expression.of(text());
      default: return Condition.Not.of(condition(depth + 1));
    }
  }

  // ------------------------------------------------------------------ values

  String text() {
    StringBuilder sb = new StringBuilder();
    for (int i = random.nextInt(3); i >= 0; i--) {
      if (random.nextInt(5) == 0) {
        sb.append((char) random.nextInt(0xD800));
      } else {
        sb.append(WORDS[random.nextInt(WORDS.length)]);
      }
    }
    return sb.toString();
  }

  private java.util.Optional<String> optional() {
    return chance() ? java.util.Optional.of(text()) : java.util.Optional.empty();
  }

  private List<String> texts() {
    return list(this::text);
  }

  private int integer() {
    return random.nextInt(3) == 0 ? random.nextInt() : INTS[random.nextInt(INTS.length)];
  }

  private Point point() {
    return Point.of(DOUBLES[random.nextInt(DOUBLES.length)], random.nextInt(2) == 0
        ? DOUBLES[random.nextInt(DOUBLES.length)] : random.nextDouble() * 1e4 - 5e3);
  }

  private <T> List<T> list(Supplier<T> item) {
    List<T> items = new ArrayList<>();
    for (int i = random.nextInt(4); i > 0; i--) {
      items.add(item.get());
    }
    return items;
  }

  private boolean chance() {
    return random.nextBoolean();
  }

  private <T> T pick(T[] values) {
    return values[random.nextInt(values.length)];
  }
}
