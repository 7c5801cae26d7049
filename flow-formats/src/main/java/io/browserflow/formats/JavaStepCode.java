package io.browserflow.formats;

import static io.browserflow.formats.JavaLiterals.number;
import static io.browserflow.formats.JavaLiterals.str;
import static io.browserflow.formats.JavaLiterals.strs;

import io.browserflow.api.ForeachSource;
import io.browserflow.api.Point;
import io.browserflow.api.Step;
import io.browserflow.api.PageStep;
import io.browserflow.api.InteractionStep;
import io.browserflow.api.ExternalStep;
import io.browserflow.api.DataStep;
import io.browserflow.api.ControlStep;
import io.browserflow.api.CheckStep;
import io.browserflow.api.StepVisitor;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * A step's DSL call ({@link StepVisitor}): one line for a step without a body, the call with its
 * bodies as lambdas for control steps, or {@code .step(<plain builder>)} when the DSL has no
 * form for the step's fields.
 */
final class JavaStepCode {
  private final JavaSource src;
  private final JavaTargetCode targets;
  private final JavaStepWriter steps;

  JavaStepCode(JavaSource src, JavaTargetCode targets, JavaStepWriter steps) {
    this.src = src;
    this.targets = targets;
    this.steps = steps;
  }

  /** Writes the call of {@code s} at {@code path}, indented by {@code indent}. */
  Code write(Step s, String path, int indent) {
    return s.accept(new StepCode(path, indent));
  }

  /**
   * What {@link StepCode} wrote: whether the call has lambda bodies (its modifiers then go on a
   * line of their own), and the DSL modifiers only the step's kind has.
   */
  record Code(boolean body, String own) {
    static final Code LINE = new Code(false, "");
    static final Code BODY = new Code(true, "");
  }

  /**
   * Writes a step's DSL call: one line (for a step without a body, or {@code .step(<plain
   * builder>)}), or the call with its bodies as lambdas.
   */
  private final class StepCode implements StepVisitor<Code> {
    private final String path;
    private final int indent;
    private final String start;

    StepCode(String path, int indent) {
      this.path = path;
      this.indent = indent;
      this.start = src.indent(indent);
    }

    private Code line(String call) {
      src.lines.add(start + call);
      return Code.LINE;
    }

    @Override
    public Code visitOpen(PageStep.Open o) {
      return line(".open(" + str(o.url()) + o.tab().map(t -> ", " + str(t)).orElse("") + ")");
    }

    @Override
    public Code visitNavigate(PageStep.Navigate n) {
      return line(".navigate(" + str(n.url()) + ")");
    }

    @Override
    public Code visitBack(PageStep.Back b) {
      return line(".back()");
    }

    @Override
    public Code visitForward(PageStep.Forward f) {
      return line(".forward()");
    }

    @Override
    public Code visitReload(PageStep.Reload r) {
      return line(".reload()");
    }

    @Override
    public Code visitTabNew(PageStep.TabNew t) {
      return line(".tabNew(" + str(t.alias()) + t.url().map(u -> ", " + str(u)).orElse("") + ")");
    }

    @Override
    public Code visitTabSwitch(PageStep.TabSwitch t) {
      return line(".tabSwitch(" + str(t.alias()) + ")");
    }

    @Override
    public Code visitTabClose(PageStep.TabClose t) {
      return line(".tabClose(" + t.alias().map(JavaLiterals::str).orElse("") + ")");
    }

    @Override
    public Code visitFrame(PageStep.Frame f) {
      return line(".frame(" + str(f.locator()) + ")");
    }

    @Override
    public Code visitFrameMain(PageStep.FrameMain f) {
      return line(".frameMain()");
    }

    @Override
    public Code visitSetViewport(PageStep.SetViewport v) {
      if (v.emulatesDevice()) {
        return line(".viewport(" + v.width() + ", " + v.height() + ", " + v.deviceScaleFactor().orElse(1) + ", /* mobile */ "
            + v.mobile() + ", /* touch */ " + v.touch() + ")");
      }
      return line(".viewport(" + v.width() + ", " + v.height() + ")");
    }

    @Override
    public Code visitEmulateNetwork(PageStep.EmulateNetwork e) {
      if (e.offline()) {
        return line(".offline()");
      }
      if (e.realNetwork()) {
        return line(".online()");
      }
      if (e.downloadBytesPerSecond().isPresent() && e.uploadBytesPerSecond().isPresent() && e.latencyMs().isPresent()) {
        return line(".throttle(" + e.downloadBytesPerSecond().getAsInt() + ", " + e.uploadBytesPerSecond().getAsInt()
            + ", " + e.latencyMs().getAsInt() + ")");
      }
      StringBuilder fields = new StringBuilder();
      e.downloadBytesPerSecond().ifPresent(v -> fields.append(".downloadBytesPerSecond(").append(v).append(")"));
      e.uploadBytesPerSecond().ifPresent(v -> fields.append(".uploadBytesPerSecond(").append(v).append(")"));
      e.latencyMs().ifPresent(v -> fields.append(".latencyMs(").append(v).append(")"));
      return line(plain(path, "EmulateNetwork", e, fields.toString()));
    }

    @Override
    public Code visitClick(InteractionStep.Click c) {
      line(".click(" + targets.target(c.target()) + ")");
      List<String> own = new ArrayList<>();
      c.newTab().ifPresent(a -> own.add(".newTab(" + str(a) + ")"));
      if (c.button() != Step.MouseButton.LEFT) {
        src.types.add("io.browserflow.api.Step");
        own.add(".button(" + src.constant(c.button()) + ")");
      }
      c.offset().ifPresent(p -> own.add(".at(" + number(p.x()) + ", " + number(p.y()) + ")"));
      if (!c.modifiers().isEmpty()) {
        own.add(".holding(" + strs(c.modifiers()) + ")");
      }
      c.delay().ifPresent(ms -> own.add(".delay(" + ms + ")"));
      return new Code(false, String.join("", own));
    }

    @Override
    public Code visitDblclick(InteractionStep.Dblclick d) {
      if (d.offset().isEmpty()) {
        return line(".dblclick(" + targets.target(d.target()) + ")");
      }
      return line(plain(path, "Dblclick", d, ".target(" + targets.target(d.target()) + ")" + offset(d.offset().get())));
    }

    @Override
    public Code visitContextmenu(InteractionStep.Contextmenu d) {
      if (d.offset().isEmpty()) {
        return line(".contextmenu(" + targets.target(d.target()) + ")");
      }
      return line(plain(path, "Contextmenu", d, ".target(" + targets.target(d.target()) + ")" + offset(d.offset().get())));
    }

    @Override
    public Code visitHover(InteractionStep.Hover h) {
      return line(".hover(" + targets.target(h.target()) + ")");
    }

    @Override
    public Code visitMouse(InteractionStep.Mouse m) {
      src.types.add("io.browserflow.api.Step");
      String action = "Step.MouseAction." + m.action().name();
      if (m.button() != Step.MouseButton.LEFT) {
        return line(plain(path, "Mouse", m, ".action(" + action + ").target(" + targets.target(m.target()) + ")"
            + m.fromCenter().map(p -> fromCenter(p)).orElse("") + ".button(Step.MouseButton." + m.button().name() + ")"));
      }
      String at = m.fromCenter().map(p -> {
        src.types.add("io.browserflow.api.Point");
        return ", Point.of(" + number(p.x()) + ", " + number(p.y()) + ")";
      }).orElse("");
      return line(".mouse(" + action + ", " + targets.target(m.target()) + at + ")");
    }

    @Override
    public Code visitFill(InteractionStep.Fill f) {
      return line(".fill(" + targets.target(f.target()) + ", " + str(f.value()) + ")");
    }

    @Override
    public Code visitChange(InteractionStep.Change c) {
      return line(".change(" + targets.target(c.target()) + ", " + str(c.value()) + ")");
    }

    @Override
    public Code visitType(InteractionStep.Type t) {
      return line(".type(" + t.target().map(tg -> targets.target(tg) + ", ").orElse("") + str(t.text()) + ")");
    }

    @Override
    public Code visitPress(InteractionStep.Press p) {
      return line(press(p, path));
    }

    @Override
    public Code visitSelect(InteractionStep.Select sel) {
      if (sel.value().isPresent() && sel.label().isEmpty()) {
        return line(".select(" + targets.target(sel.target()) + ", " + str(sel.value().get()) + ")");
      }
      if (sel.label().isPresent() && sel.value().isEmpty()) {
        return line(".selectLabel(" + targets.target(sel.target()) + ", " + str(sel.label().get()) + ")");
      }
      return line(plain(path, "Select", sel, ".target(" + targets.target(sel.target()) + ")"
          + sel.value().map(v -> ".value(" + str(v) + ")").orElse("")
          + sel.label().map(v -> ".label(" + str(v) + ")").orElse("")));
    }

    @Override
    public Code visitCheck(InteractionStep.Check c) {
      return line(".check(" + targets.target(c.target()) + ")");
    }

    @Override
    public Code visitUncheck(InteractionStep.Uncheck u) {
      return line(".uncheck(" + targets.target(u.target()) + ")");
    }

    @Override
    public Code visitToggle(InteractionStep.Toggle t) {
      return line(".toggle(" + targets.target(t.target()) + ")");
    }

    @Override
    public Code visitScroll(InteractionStep.Scroll sc) {
      return line(scroll(sc, path));
    }

    @Override
    public Code visitDrag(InteractionStep.Drag d) {
      return line(".drag(" + targets.target(d.source()) + ", " + targets.target(d.destination()) + ")");
    }

    @Override
    public Code visitUpload(InteractionStep.Upload u) {
      return line(".upload(" + targets.target(u.target()) + (u.files().isEmpty() ? "" : ", " + strs(u.files())) + ")");
    }

    @Override
    public Code visitWait(CheckStep.Wait w) {
      if (w.ms().isPresent() && w.until().isEmpty()) {
        return line(".waitMs(" + w.ms().getAsInt() + ")");
      }
      if (w.until().isPresent() && w.ms().isEmpty()) {
        return line(".waitFor(" + targets.condition(w.until().get()) + ")");
      }
      return line(plain(path, "Wait", w, (w.ms().isPresent() ? ".ms(" + w.ms().getAsInt() + ")" : "")
          + w.until().map(c -> ".until(" + targets.condition(c) + ")").orElse("")));
    }

    @Override
    public Code visitAssert(CheckStep.Assert a) {
      return line(".assertThat(" + targets.condition(a.condition()) + ")");
    }

    @Override
    public Code visitRead(DataStep.Read r) {
      return line(read(r, path));
    }

    @Override
    public Code visitScrape(DataStep.Scrape sc) {
      return line(scrape(sc, path));
    }

    @Override
    public Code visitPaginate(DataStep.Paginate p) {
      String method = switch (p.mode()) {
        case NEXT -> ".paginate(";
        case LOAD_MORE -> ".loadMore(";
      };
      steps.body(start + method + targets.target(p.target()) + ", " + p.maxPages() + ", ", "page", p.body(), path + ".body",
          indent, ")");
      return Code.BODY;
    }

    @Override
    public Code visitSetVar(DataStep.SetVar v) {
      return line(".setVar(" + str(v.name()) + ", " + str(v.value()) + ")");
    }

    @Override
    public Code visitEval(DataStep.Eval e) {
      return line(".eval(" + str(e.script()) + ")");
    }

    @Override
    public Code visitScreenshot(DataStep.Screenshot sh) {
      if (sh.target().isEmpty() && !sh.fullPage()) {
        return line(".screenshot(" + sh.name().map(JavaLiterals::str).orElse("") + ")");
      }
      return line(plain(path, "Screenshot", sh, sh.target().map(t -> ".target(" + targets.target(t) + ")").orElse("")
          + sh.name().map(n -> ".name(" + str(n) + ")").orElse("") + (sh.fullPage() ? ".fullPage(true)" : "")));
    }

    @Override
    public Code visitCsvImport(DataStep.CsvImport c) {
      return line(".csvImport(" + str(c.path()) + ")");
    }

    @Override
    public Code visitCsvExport(DataStep.CsvExport e) {
      return line(".csvExport(" + str(e.source()) + ", " + str(e.path()) + ")");
    }

    @Override
    public Code visitDatasetWrite(DataStep.DatasetWrite w) {
      return line(".datasetWrite(" + str(w.dataset()) + ", " + pairs(w.row()) + ")");
    }

    @Override
    public Code visitDatasetExport(DataStep.DatasetExport e) {
      return line((e.clear() ? ".datasetExportPart(" : ".datasetExport(") + str(e.dataset()) + ", "
          + src.constant(e.format()) + ", " + str(e.path()) + ")");
    }

    @Override
    public Code visitHttp(ExternalStep.Http h) {
      String call = h.headers().isEmpty() && h.body().isEmpty()
          ? ".http(" + str(h.method()) + ", " + str(h.url()) + ")"
          : ".http(" + str(h.method()) + ", " + str(h.url()) + ", " + pairs(h.headers()) + ", "
              + h.body().map(JavaLiterals::str).orElse("null") + ")";
      line(call);
      List<String> own = new ArrayList<>();
      h.extract().forEach((name, jsonPath) -> own.add(".extract(" + str(name) + ", " + str(jsonPath) + ")"));
      if (!h.failOnStatus()) {
        own.add(".anyStatus()");
      }
      return new Code(false, String.join("", own));
    }

    @Override
    public Code visitClipboard(DataStep.Clipboard c) {
      return line(c.action() == Step.ClipboardAction.READ ? ".clipboardRead()" : ".clipboardWrite(" + str(c.text().orElse("")) + ")");
    }

    @Override
    public Code visitCall(ExternalStep.Call c) {
      StringBuilder call = new StringBuilder(".call(" + str(c.flow()) + ", " + pairs(c.inputs()));
      c.outputs().forEach(o -> call.append(", ").append(str(o)));
      return line(call.append(")").toString());
    }

    private String pairs(java.util.Map<String, String> map) {
      List<String> parts = new ArrayList<>();
      map.forEach((k, v) -> {
        parts.add(str(k));
        parts.add(str(v));
      });
      return src.dsl("row") + "(" + String.join(", ", parts) + ")";
    }

    @Override
    public Code visitForeach(ControlStep.Foreach f) {
      String from = source(f.source());
      steps.body(start + ".foreach(" + from + (f.concurrency() == 1 ? "" : ", " + f.concurrency()) + ", ", "row",
          f.body(), path + ".body", indent, ")");
      return Code.BODY;
    }

    @Override
    public Code visitRepeat(ControlStep.Repeat r) {
      steps.body(start + ".repeat(" + r.times() + ", ", "again", r.body(), path + ".body", indent, ")");
      return Code.BODY;
    }

    @Override
    public Code visitIf(ControlStep.If f) {
      if (f.otherwise().isEmpty()) {
        steps.body(start + ".ifThen(" + targets.condition(f.condition()) + ", ", "then", f.then(), path + ".then", indent, ")");
      } else {
        src.lines.add(start + ".ifThenElse(" + targets.condition(f.condition()) + ",");
        steps.body(src.indent(indent + 4), "then", f.then(), path + ".then", indent + 4, ",");
        steps.body(src.indent(indent + 4), "otherwise", f.otherwise(), path + ".else", indent + 4, ")");
      }
      return Code.BODY;
    }

    @Override
    public Code visitWhile(ControlStep.While w) {
      steps.body(start + ".repeatWhile(" + targets.condition(w.condition()) + ", " + w.max() + ", ", "loop", w.body(),
          path + ".body", indent, ")");
      return Code.BODY;
    }

    @Override
    public Code visitManual(ExternalStep.Manual m) {
      return line(".manual(" + str(m.instructions()) + ")");
    }
  }

  private String press(InteractionStep.Press p, String path) {
    if (p.phase() != Step.KeyPhase.PRESS) {
      if (p.target().isEmpty() && p.modifiers().isEmpty()) {
        return (p.phase() == Step.KeyPhase.DOWN ? ".keyDown(" : ".keyUp(") + str(p.key()) + ")";
      }
      return plain(path, "Press", p, ".key(" + str(p.key()) + ").phase(" + src.constant(p.phase()) + ")"
          + (p.modifiers().isEmpty() ? "" : ".addModifiers(" + strs(p.modifiers()) + ")")
          + p.target().map(t -> ".target(" + targets.target(t) + ")").orElse(""));
    }
    String keys = p.modifiers().isEmpty() ? p.key() : String.join("+", p.modifiers()) + "+" + p.key();
    List<String> parts = Arrays.asList(keys.split("\\+(?=.)"));
    boolean same = parts.get(parts.size() - 1).equals(p.key())
        && parts.subList(0, parts.size() - 1).equals(p.modifiers());
    if (same) {
      return ".press(" + p.target().map(t -> targets.target(t) + ", ").orElse("") + str(keys) + ")";
    }
    return plain(path, "Press", p, ".key(" + str(p.key()) + ")"
        + (p.modifiers().isEmpty() ? "" : ".addModifiers(" + strs(p.modifiers()) + ")")
        + p.target().map(t -> ".target(" + targets.target(t) + ")").orElse(""));
  }

  private String scroll(InteractionStep.Scroll sc, String path) {
    boolean origin = sc.x() == 0 && sc.y() == 0;
    Optional<String> call = switch (sc.mode()) {
      case BY -> Optional.of(".scrollBy(" + sc.target().map(t -> targets.target(t) + ", ").orElse("") + sc.x() + ", "
          + sc.y() + ")");
      case TO -> sc.target().isEmpty() ? Optional.of(".scrollTo(" + sc.x() + ", " + sc.y() + ")") : Optional.empty();
      case INTO_VIEW -> sc.target().isPresent() && origin
          ? Optional.of(".scrollIntoView(" + targets.target(sc.target().get()) + ")") : Optional.empty();
    };
    return call.orElseGet(() -> plain(path, "Scroll", sc, ".mode(" + src.constant(sc.mode()) + ")"
        + sc.target().map(t -> ".target(" + targets.target(t) + ")").orElse("")
        + (sc.x() != 0 ? ".x(" + sc.x() + ")" : "") + (sc.y() != 0 ? ".y(" + sc.y() + ")" : "")));
  }

  private String read(DataStep.Read r, String path) {
    if (r.what() == Step.ReadKind.TEXT && r.attribute().isEmpty()) {
      return ".read(" + targets.target(r.target()) + ")";
    }
    if (r.what() == Step.ReadKind.VALUE && r.attribute().isEmpty()) {
      return ".readValue(" + targets.target(r.target()) + ")";
    }
    if (r.what() == Step.ReadKind.ATTRIBUTE && r.attribute().isPresent()) {
      return ".readAttribute(" + targets.target(r.target()) + ", " + str(r.attribute().get()) + ")";
    }
    return plain(path, "Read", r, ".target(" + targets.target(r.target()) + ").what(" + src.constant(r.what()) + ")"
        + r.attribute().map(a -> ".attribute(" + str(a) + ")").orElse(""));
  }

  private String scrape(DataStep.Scrape sc, String path) {
    if (sc.limit().isEmpty()) {
      if (sc.mode() != Step.ScrapeMode.ATTRIBUTES && sc.attributes().isEmpty()) {
        src.types.add("io.browserflow.api.Step");
        return ".scrape(" + targets.target(sc.target()) + ", " + src.constant(sc.mode()) + ")";
      }
      if (sc.mode() == Step.ScrapeMode.ATTRIBUTES && !sc.attributes().isEmpty()) {
        return ".scrapeAttributes(" + targets.target(sc.target()) + ", " + strs(sc.attributes()) + ")";
      }
    }
    return plain(path, "Scrape", sc, ".target(" + targets.target(sc.target()) + ").mode(" + src.constant(sc.mode()) + ")"
        + (sc.attributes().isEmpty() ? "" : ".addAttributes(" + strs(sc.attributes()) + ")")
        + (sc.limit().isPresent() ? ".limit(" + sc.limit().getAsInt() + ")" : ""));
  }

  private String fromCenter(Point p) {
    src.types.add("io.browserflow.api.Point");
    return ".fromCenter(Point.of(" + number(p.x()) + ", " + number(p.y()) + "))";
  }

  private String offset(Point p) {
    src.types.add("io.browserflow.api.Point");
    return ".offset(Point.of(" + number(p.x()) + ", " + number(p.y()) + "))";
  }

  /** {@code .step(FamilyStep.Kind.builder().id(..)<fields>.build())}: the step's own fields; common ones follow as DSL modifiers. */
  private String plain(String path, String type, Step s, String fields) {
    String family = switch (s.kind().family()) {
      case PAGE -> "PageStep";
      case INTERACTION -> "InteractionStep";
      case CHECK -> "CheckStep";
      case DATA -> "DataStep";
      case EXTERNAL -> "ExternalStep";
      case CONTROL -> "ControlStep";
    };
    src.types.add("io.browserflow.api." + family);
    src.plainStep = true;
    src.issues.info(ConversionCode.PLAIN_BUILDER, path, s.kind().op() + " step " + s.id()
        + " is written with " + family + "." + type + ".builder(): the DSL has no form for it");
    return ".step(" + family + "." + type + ".builder().id(" + str(s.id()) + ")" + fields + ".build())";
  }

  private String source(ForeachSource from) {
    return switch (from.kind()) {
      case TABLE -> src.dsl("tableRows") + "()";
      case ITEMS -> src.dsl("items") + "(" + str(from.ref().orElse("")) + ")";
      case LITERAL -> src.dsl("values") + "(" + strs(from.values()) + ")";
    };
  }
}
