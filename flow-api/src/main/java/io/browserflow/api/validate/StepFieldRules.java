package io.browserflow.api.validate;

import io.browserflow.api.Capability;
import io.browserflow.api.ErrorCode;
import io.browserflow.api.ForeachSource;
import io.browserflow.api.JsonSelector;
import io.browserflow.api.Placeholders;
import io.browserflow.api.Problem;
import io.browserflow.api.Step;
import io.browserflow.api.PageStep;
import io.browserflow.api.InteractionStep;
import io.browserflow.api.ExternalStep;
import io.browserflow.api.DataStep;
import io.browserflow.api.ControlStep;
import io.browserflow.api.CheckStep;
import io.browserflow.api.StepVisitor;
import io.browserflow.api.validate.BindingScope.Loop;
import java.util.List;
import java.util.Locale;

/**
 * The rules of each step kind's own fields, through a {@link StepVisitor} (so a new kind does not
 * compile until it says what to check): urls, tabs, frames, targets, values and their lengths,
 * ranges and the limits of loops and scrapes, capabilities, and the scoping of nested bodies
 * (loop variables, if/else branches), which it walks through the run's {@link StepWalk}.
 */
final class StepFieldRules {
  /** The longest a click may hold its button down: the longest step timeout. */
  static final int MAX_CLICK_DELAY_MS = 30_000;

  /** The validation walk over a nested step list, so nested steps get every rule. */
  interface StepWalk {
    void steps(List<Step> steps, String path, int depth);
  }

  private final ValidationContext ctx;
  private final FlowLimits limits;
  private final PlaceholderRules placeholders;
  private final TargetRules targets;
  private final ConditionRules conditions;
  private final StructureRules structure;
  private final StepWalk walk;

  StepFieldRules(ValidationContext ctx, PlaceholderRules placeholders, TargetRules targets, ConditionRules conditions,
      StructureRules structure, StepWalk walk) {
    this.ctx = ctx;
    this.limits = ctx.limits();
    this.placeholders = placeholders;
    this.targets = targets;
    this.conditions = conditions;
    this.structure = structure;
    this.walk = walk;
  }

  void check(Step s, String p, int depth) {
    // a kind that needs a gated capability (eval, upload, http) is refused unless the policy declares it
    s.kind().capability().filter(Capability::gated).filter(c -> !ctx.declares(c)).ifPresent(c ->
        ctx.report(Problem.of(ErrorCode.CAPABILITY_DENIED, p, s.kind().op() + " needs the " + c.id()
            + " capability: declare it in policy.capabilities")));
    s.accept(new FieldChecks(p, depth));
  }

  /** The op-specific checks of one step at path {@code p}, nested {@code depth} levels deep. */
  private final class FieldChecks implements StepVisitor<Void> {
    private final String p;
    private final int depth;

    FieldChecks(String p, int depth) {
      this.p = p;
      this.depth = depth;
    }

    @Override
    public Void visitOpen(PageStep.Open o) {
      url(o.url(), p + ".url");
      o.tab().ifPresent(a -> structure.tabUse(a, p + ".tab"));
      return null;
    }

    @Override
    public Void visitNavigate(PageStep.Navigate s) {
      url(s.url(), p + ".url");
      return null;
    }

    @Override
    public Void visitTabNew(PageStep.TabNew t) {
      structure.tabBind(t.alias(), p + ".alias");
      t.url().ifPresent(u -> {
        placeholders.text(u, p + ".url");
        literalHost(u, p + ".url");
      });
      return null;
    }

    @Override
    public Void visitTabSwitch(PageStep.TabSwitch s) {
      structure.tabUse(s.alias(), p + ".alias");
      return null;
    }

    @Override
    public Void visitTabClose(PageStep.TabClose s) {
      s.alias().ifPresent(a -> structure.tabUse(a, p + ".alias"));
      return null;
    }

    @Override
    public Void visitFrame(PageStep.Frame s) {
      targets.frameLocator(s.locator(), p + ".locator");
      return null;
    }

    @Override
    public Void visitSetViewport(PageStep.SetViewport v) {
      range(v.width(), limits.minViewportWidth(), limits.maxViewportWidth(), p + ".width", "the viewport width");
      range(v.height(), limits.minViewportHeight(), limits.maxViewportHeight(), p + ".height",
          "the viewport height");
      v.deviceScaleFactor().ifPresent(d -> {
        if (!(d > 0 && d <= 10)) {
          ctx.outOfRange(p + ".deviceScaleFactor", "the device scale factor is " + d
              + ": give more than 0 and at most 10 (1 = desktop, 2 or 3 = a phone)", d, "(0, 10]");
        }
      });
      return null;
    }

    @Override
    public Void visitEmulateNetwork(PageStep.EmulateNetwork n) {
      notNegative(n.downloadBytesPerSecond(), p + ".downloadBytesPerSecond", "the download throughput (bytes per second)");
      notNegative(n.uploadBytesPerSecond(), p + ".uploadBytesPerSecond", "the upload throughput (bytes per second)");
      notNegative(n.latencyMs(), p + ".latencyMs", "the latency (ms)");
      if (n.offline() && n.throttles()) {
        List<String> given = new java.util.ArrayList<>();
        n.downloadBytesPerSecond().ifPresent(v -> given.add("downloadBytesPerSecond"));
        n.uploadBytesPerSecond().ifPresent(v -> given.add("uploadBytesPerSecond"));
        n.latencyMs().ifPresent(v -> given.add("latencyMs"));
        ctx.invalid(p, "emulateNetwork is offline and also throttles (" + String.join(", ", given)
            + "): offline cuts the network off, so nothing is left to throttle; give offline: true alone, "
            + "or the throughput and latency without offline");
      }
      return null;
    }

    private void notNegative(java.util.OptionalInt value, String path, String what) {
      value.ifPresent(v -> {
        if (v < 0) {
          ctx.outOfRange(path, what + " is " + v + ": give 0 or more (leave it out for no limit)", v,
              "0.." + Integer.MAX_VALUE);
        }
      });
    }

    @Override
    public Void visitClick(InteractionStep.Click c) {
      targets.check(c.target(), p + ".target");
      placeholders.texts(c.modifiers(), p + ".modifiers");
      c.newTab().ifPresent(a -> structure.tabBind(a, p + ".newTab"));
      c.delay().ifPresent(ms -> range(ms, 0, MAX_CLICK_DELAY_MS, p + ".delay", "the click delay"));
      return null;
    }

    @Override
    public Void visitDblclick(InteractionStep.Dblclick s) {
      targets.check(s.target(), p + ".target");
      return null;
    }

    @Override
    public Void visitContextmenu(InteractionStep.Contextmenu s) {
      targets.check(s.target(), p + ".target");
      return null;
    }

    @Override
    public Void visitHover(InteractionStep.Hover s) {
      targets.check(s.target(), p + ".target");
      return null;
    }

    @Override
    public Void visitMouse(InteractionStep.Mouse s) {
      targets.check(s.target(), p + ".target");
      if (s.action() == Step.MouseAction.OUT && s.fromCenter().isPresent()) {
        ctx.invalid(p + ".fromCenter", "a mouse out goes just outside the element and takes no fromCenter: remove it, "
            + "or use the action move with fromCenter to go to a point of your choice");
      }
      boolean buttonMatters = s.action() == Step.MouseAction.DOWN || s.action() == Step.MouseAction.UP
          || s.action() == Step.MouseAction.CLICK;
      if (s.button() == Step.MouseButton.BACK || s.button() == Step.MouseButton.FORWARD) {
        ctx.invalid(p + ".button", "a mouse step presses left, right or middle, not the " + s.button().name()
            .toLowerCase(java.util.Locale.ROOT) + " button: use a click with that button");
      } else if (!buttonMatters && s.button() != Step.MouseButton.LEFT) {
        ctx.invalid(p + ".button", "a mouse " + s.action().name().toLowerCase(java.util.Locale.ROOT)
            + " presses only the left button: remove button, or use the action down, up or click");
      }
      return null;
    }

    @Override
    public Void visitFill(InteractionStep.Fill f) {
      targets.check(f.target(), p + ".target");
      valueLength(f.value(), p + ".value", "the fill value");
      placeholders.text(f.value(), p + ".value");
      return null;
    }

    @Override
    public Void visitChange(InteractionStep.Change c) {
      targets.check(c.target(), p + ".target");
      valueLength(c.value(), p + ".value", "the change value");
      placeholders.text(c.value(), p + ".value");
      return null;
    }

    @Override
    public Void visitType(InteractionStep.Type t) {
      t.target().ifPresent(tg -> targets.check(tg, p + ".target"));
      valueLength(t.text(), p + ".text", "the typed text");
      placeholders.text(t.text(), p + ".text");
      return null;
    }

    @Override
    public Void visitPress(InteractionStep.Press k) {
      if (k.key().isBlank()) {
        ctx.invalid(p + ".key", "the key is blank: name a key such as Enter, Escape or a");
      }
      placeholders.text(k.key(), p + ".key");
      placeholders.texts(k.modifiers(), p + ".modifiers");
      if (k.phase() != Step.KeyPhase.PRESS && !k.modifiers().isEmpty()) {
        ctx.invalid(p + ".modifiers", "a key " + (k.phase() == Step.KeyPhase.DOWN ? "down" : "up")
            + " takes no modifiers: hold a modifier with a press of its own with phase down before it");
      }
      k.target().ifPresent(tg -> targets.check(tg, p + ".target"));
      return null;
    }

    @Override
    public Void visitSelect(InteractionStep.Select sel) {
      targets.check(sel.target(), p + ".target");
      if (sel.value().isPresent() == sel.label().isPresent()) {
        ctx.invalid(p, "select needs exactly one of value and label, "
            + (sel.value().isPresent() ? "not both" : "but has neither"));
      }
      sel.value().ifPresent(v -> placeholders.text(v, p + ".value"));
      sel.label().ifPresent(v -> placeholders.text(v, p + ".label"));
      return null;
    }

    @Override
    public Void visitCheck(InteractionStep.Check s) {
      targets.check(s.target(), p + ".target");
      return null;
    }

    @Override
    public Void visitUncheck(InteractionStep.Uncheck s) {
      targets.check(s.target(), p + ".target");
      return null;
    }

    @Override
    public Void visitToggle(InteractionStep.Toggle s) {
      targets.check(s.target(), p + ".target");
      return null;
    }

    @Override
    public Void visitScroll(InteractionStep.Scroll sc) {
      if (sc.target().isPresent()) {
        targets.check(sc.target().get(), p + ".target");
      } else if (sc.mode() == Step.ScrollMode.INTO_VIEW) {
        ctx.invalid(p + ".target", "scroll intoView needs a target: name the element to bring into view");
      }
      return null;
    }

    @Override
    public Void visitDrag(InteractionStep.Drag d) {
      targets.check(d.source(), p + ".from");
      targets.check(d.destination(), p + ".to");
      return null;
    }

    @Override
    public Void visitUpload(InteractionStep.Upload u) {
      targets.check(u.target(), p + ".target");
      if (u.files().isEmpty()) {
        ctx.invalid(p + ".files", "upload needs at least one file");
      }
      for (int i = 0; i < u.files().size(); i++) {
        String f = u.files().get(i);
        if (f.isBlank()) {
          ctx.invalid(p + ".files[" + i + "]", "the file path is blank: give a path or remove the entry");
        }
        placeholders.text(f, p + ".files[" + i + "]");
      }
      return null;
    }

    @Override
    public Void visitWait(CheckStep.Wait w) {
      if (w.ms().isPresent() == w.until().isPresent()) {
        ctx.invalid(p, "wait needs exactly one of ms and until, "
            + (w.ms().isPresent() ? "not both" : "but has neither"));
      }
      if (w.ms().isPresent()) {
        int ms = w.ms().getAsInt();
        if (ms < 0 || ms > limits.maxStepTimeoutMs()) {
          ctx.outOfRange(p + ".ms", "wait ms is " + ms + ": give 0.." + limits.maxStepTimeoutMs()
              + " (prefer waiting until a condition)", ms, "0.." + limits.maxStepTimeoutMs());
        }
      }
      w.until().ifPresent(c -> conditions.check(c, p + ".until"));
      return null;
    }

    @Override
    public Void visitAssert(CheckStep.Assert s) {
      conditions.check(s.condition(), p + ".condition");
      return null;
    }

    @Override
    public Void visitRead(DataStep.Read r) {
      targets.check(r.target(), p + ".target");
      if (r.what() == Step.ReadKind.ATTRIBUTE) {
        if (r.attribute().isEmpty() || r.attribute().get().isBlank()) {
          ctx.invalid(p + ".attribute", "read attribute needs the attribute name, e.g. href");
        }
      } else if (r.attribute().isPresent()) {
        ctx.invalid(p + ".attribute", "an attribute name belongs to read what=attribute only, but this read has what="
            + r.what().name().toLowerCase(Locale.ROOT) + ": remove it or read the attribute");
      }
      r.attribute().ifPresent(a -> placeholders.text(a, p + ".attribute"));
      return null;
    }

    @Override
    public Void visitScrape(DataStep.Scrape sc) {
      targets.check(sc.target(), p + ".target");
      if (sc.mode() == Step.ScrapeMode.ATTRIBUTES && sc.attributes().isEmpty()) {
        ctx.invalid(p + ".attributes", "scrape mode attributes needs the attribute names to read");
      } else if (sc.mode() != Step.ScrapeMode.ATTRIBUTES && !sc.attributes().isEmpty()) {
        ctx.invalid(p + ".attributes",
            "attributes belong to scrape mode attributes only: remove them or change the mode");
      }
      placeholders.texts(sc.attributes(), p + ".attributes");
      if (sc.limit().isPresent()) {
        atLeastOne(p + ".limit", "the scrape limit", sc.limit().getAsInt(), limits.maxScrapeRows(),
            "give 1 or more, or leave it out for the default");
      }
      return null;
    }

    @Override
    public Void visitPaginate(DataStep.Paginate pg) {
      targets.check(pg.target(), p + ".target");
      atLeastOne(p + ".maxPages", "maxPages", pg.maxPages(), limits.maxPaginatePages(), "give 1 or more");
      loopBody(Loop.PAGINATE, pg.body(), p + ".body", depth);
      return null;
    }

    @Override
    public Void visitSetVar(DataStep.SetVar v) {
      placeholders.text(v.value(), p + ".value");
      if (placeholders.key(v.name(), p + ".name", "the variable name")) {
        ctx.scope().declareVar(v.name());
      }
      return null;
    }

    @Override
    public Void visitEval(DataStep.Eval s) {
      placeholders.script(s.script(), p + ".script");
      return null;
    }

    @Override
    public Void visitScreenshot(DataStep.Screenshot sh) {
      sh.target().ifPresent(tg -> targets.check(tg, p + ".target"));
      sh.name().ifPresent(n -> placeholders.text(n, p + ".name"));
      return null;
    }

    @Override
    public Void visitCsvImport(DataStep.CsvImport s) {
      workPath(s.path(), p + ".path");
      return null;
    }

    @Override
    public Void visitCsvExport(DataStep.CsvExport ce) {
      if (!Placeholders.isWhole(ce.source()) && Placeholders.syntaxError(ce.source()).isEmpty()) {
        ctx.invalid(p + ".source", "the csvExport source must be one whole placeholder naming items, "
            + "e.g. ${steps.<id>.items}");
      }
      placeholders.text(ce.source(), p + ".source");
      workPath(ce.path(), p + ".path");
      return null;
    }

    @Override
    public Void visitDatasetWrite(DataStep.DatasetWrite w) {
      if (datasetName(w.dataset(), p + ".dataset")) {
        ctx.datasets().add(w.dataset());
      }
      if (w.row().isEmpty()) {
        ctx.invalid(p + ".row", "the row has no column: give at least one, e.g. {\"name\": \"${loop.row.name}\"}");
      }
      w.row().forEach((column, value) -> {
        String at = p + ".row." + column;
        if (column.isBlank() || column.length() > limits.maxNameChars()) {
          ctx.invalid(at, "a column name must be 1.." + limits.maxNameChars() + " characters and not blank");
        }
        noCredential(value, at, "a dataset row ends up in the run result, the report and the exported files");
        valueLength(value, at, "the cell value");
        placeholders.text(value, at);
      });
      return null;
    }

    @Override
    public Void visitDatasetExport(DataStep.DatasetExport e) {
      if (datasetName(e.dataset(), p + ".dataset")) {
        ctx.export(e.dataset(), p + ".dataset");
      }
      workPath(e.path(), p + ".path");
      return null;
    }

    @Override
    public Void visitHttp(ExternalStep.Http h) {
      if (!HTTP_METHODS.contains(h.method())) {
        ctx.invalid(p + ".method", "unknown method '" + h.method() + "': use one of " + String.join(", ", HTTP_METHODS));
      }
      url(h.url(), p + ".url");
      if (!h.url().isBlank() && !h.url().startsWith("${") && !h.url().matches("(?is)https?://.*")) {
        ctx.invalid(p + ".url", "an http step sends to an absolute http:// or https:// URL, not '" + h.url() + "'");
      }
      h.headers().forEach((name, value) -> {
        String at = p + ".headers." + name;
        if (!name.matches("[!#$%&'*+.^_`|~0-9A-Za-z-]+")) {
          ctx.invalid(at, "'" + name + "' is not a header name (letters, digits and !#$%&'*+.^_`|~-)");
        }
        valueLength(value, at, "the header value");
        placeholders.text(value, at);
      });
      h.body().ifPresent(b -> {
        if (h.method().equals("GET") || h.method().equals("HEAD")) {
          ctx.invalid(p + ".body", "a " + h.method() + " request carries no body: use POST, PUT or PATCH, or leave the body out");
        }
        valueLength(b, p + ".body", "the request body");
        placeholders.text(b, p + ".body");
      });
      h.extract().forEach((name, jsonPath) -> {
        String at = p + ".extract." + name;
        if (!name.matches("[A-Za-z_][A-Za-z0-9_]*") || BindingScope.HTTP_OUTPUTS.contains(name)) {
          ctx.invalid(at, "'" + name + "' cannot name an output: use letters, digits and _, not "
              + String.join(", ", BindingScope.HTTP_OUTPUTS));
        }
        JsonSelector.syntaxError(jsonPath).ifPresent(why -> ctx.invalid(at, "the JSON path '" + jsonPath + "' " + why));
      });
      return null;
    }

    @Override
    public Void visitClipboard(DataStep.Clipboard c) {
      if (c.action() == Step.ClipboardAction.WRITE) {
        if (c.text().isEmpty()) {
          ctx.invalid(p + ".text", "a clipboard write needs the text to put on the clipboard");
        }
      } else if (c.text().isPresent()) {
        ctx.invalid(p + ".text", "a clipboard read takes no text: leave it out, or make the action write");
      }
      c.text().ifPresent(t -> {
        noCredential(t, p + ".text", "the clipboard can be read by every page and program");
        valueLength(t, p + ".text", "the clipboard text");
        placeholders.text(t, p + ".text");
      });
      return null;
    }

    @Override
    public Void visitCall(ExternalStep.Call c) {
      if (c.flow().isBlank()) {
        ctx.invalid(p + ".flow", "the call names no flow: give the id of a subflow or of a flow in the flow library");
      } else {
        ctx.call(c.flow(), p + ".flow");
      }
      c.inputs().forEach((key, value) -> {
        String at = p + ".inputs." + key;
        noCredential(value, at, "an input is not secret in the called flow: declare a credential there, the caller's "
            + "credential of the same key goes along");
        valueLength(value, at, "the input value");
        placeholders.text(value, at);
      });
      java.util.Set<String> seen = new java.util.HashSet<>();
      for (int i = 0; i < c.outputs().size(); i++) {
        String name = c.outputs().get(i);
        if (!name.matches(OUTPUT_NAME)) {
          ctx.invalid(p + ".outputs[" + i + "]", "'" + name + "' cannot name an output: use letters, digits and _");
        } else if (!seen.add(name)) {
          ctx.report(Problem.of(ErrorCode.DUPLICATE_ID, p + ".outputs[" + i + "]", "the output " + name + " is named twice"));
        }
      }
      ctx.callable(c.flow()).ifPresent(callee -> callee(c, callee));
      return null;
    }

    /** What a call must match in a subflow the top-level flow holds. */
    private void callee(ExternalStep.Call c, io.browserflow.api.Flow callee) {
      c.inputs().keySet().forEach(key -> {
        if (callee.input(key).isEmpty()) {
          ctx.invalid(p + ".inputs." + key, "the flow " + callee.id() + " declares no input " + key
              + (callee.inputs().isEmpty() ? "" : " (its inputs: " + callee.inputs().stream().map(io.browserflow.api.Input::key)
                  .collect(java.util.stream.Collectors.joining(", ")) + ")"));
        }
      });
      callee.inputs().stream().filter(i -> i.required() && i.defaultValue().isEmpty() && !c.inputs().containsKey(i.key()))
          .forEach(i -> ctx.invalid(p + ".inputs", "the flow " + callee.id() + " needs its input " + i.key()
              + ": map it, e.g. \"" + i.key() + "\": \"${" + i.key() + "}\""));
      for (int i = 0; i < c.outputs().size(); i++) {
        String name = c.outputs().get(i);
        if (!callee.outputs().containsKey(name)) {
          ctx.invalid(p + ".outputs[" + i + "]", "the flow " + callee.id() + " hands back no output " + name
              + (callee.outputs().isEmpty() ? " (it declares none)" : " (its outputs: " + String.join(", ", callee.outputs().keySet()) + ")"));
        }
      }
      callee.credentials().forEach(cr -> {
        if (ctx.flow().credential(cr.key()).isEmpty() && cr.required()) {
          ctx.invalid(p + ".flow", "the flow " + callee.id() + " needs the credential " + cr.key()
              + ", which this flow does not declare: declare it here, its value goes along by key");
        }
      });
    }

    @Override
    public Void visitForeach(ControlStep.Foreach s) {
      foreach(s, p, depth);
      return null;
    }

    @Override
    public Void visitRepeat(ControlStep.Repeat r) {
      atLeastOne(p + ".times", "repeat times", r.times(), limits.maxRepeatTimes(),
          "repeating " + r.times() + " times does nothing; remove the step or give 1 or more");
      loopBody(Loop.REPEAT, r.body(), p + ".body", depth);
      return null;
    }

    @Override
    public Void visitIf(ControlStep.If i) {
      conditions.check(i.condition(), p + ".condition");
      int mark = ctx.scope().mark();
      walk.steps(i.then(), p + ".then", depth + 1);
      // then and else exclude each other; both are visible after the if
      List<Object> thenDecls = ctx.scope().hideSince(mark);
      walk.steps(i.otherwise(), p + ".else", depth + 1);
      ctx.scope().reveal(thenDecls);
      return null;
    }

    @Override
    public Void visitWhile(ControlStep.While w) {
      conditions.check(w.condition(), p + ".condition");
      loopBody(Loop.WHILE, w.body(), p + ".body", depth);
      atLeastOne(p + ".max", "the while max", w.max(), limits.maxWhileIterations(), "give 1 or more");
      return null;
    }

    @Override
    public Void visitManual(ExternalStep.Manual s) {
      placeholders.text(s.instructions(), p + ".instructions");
      return null;
    }

    // no fields of their own
    @Override public Void visitBack(PageStep.Back s) { return null; }
    @Override public Void visitForward(PageStep.Forward s) { return null; }
    @Override public Void visitReload(PageStep.Reload s) { return null; }
    @Override public Void visitFrameMain(PageStep.FrameMain s) { return null; }
  }

  private void loopBody(Loop kind, List<Step> body, String path, int depth) {
    ctx.scope().enterLoop(kind);
    walk.steps(body, path, depth + 1);
    ctx.scope().exitLoop();
  }

  private void foreach(ControlStep.Foreach f, String p, int depth) {
    ForeachSource src = f.source();
    Loop kind = switch (src.kind()) {
      case TABLE -> {
        if (ctx.flow().table().isEmpty()) {
          ctx.invalid(p + ".source",
              "foreach over the table, but the flow has no table: add one or iterate something else");
        } else {
          int rows = ctx.flow().table().get().rows().size();
          if (rows > limits.maxForeachItems()) {
            ctx.overLimit(p + ".source", "foreach iterates the table's " + rows + " rows, more than the limit of "
                + limits.maxForeachItems() + " items", rows, limits.maxForeachItems());
          }
        }
        yield Loop.TABLE;
      }
      case ITEMS -> {
        placeholders.itemsRef(src.ref().orElse(""), p + ".source");
        yield Loop.ITEMS;
      }
      case LITERAL -> {
        if (src.values().size() > limits.maxForeachItems()) {
          ctx.overLimit(p + ".items", "foreach lists " + src.values().size() + " values, more than the limit of "
              + limits.maxForeachItems(), src.values().size(), limits.maxForeachItems());
        }
        for (int i = 0; i < src.values().size(); i++) {
          placeholders.text(src.values().get(i), p + ".items[" + i + "]");
        }
        yield Loop.LITERAL;
      }
    };
    atLeastOne(p + ".concurrency", "foreach concurrency", f.concurrency(), limits.maxForeachConcurrency(),
        "give 1 (one iteration at a time) or more");
    loopBody(kind, f.body(), p + ".body", depth);
  }

  private void url(String url, String path) {
    if (url.isBlank()) {
      ctx.invalid(path, "the url is blank: give the address to open, e.g. ${credential.BASE_URL}/login");
    }
    placeholders.text(url, path);
    literalHost(url, path);
  }

  /**
   * A literal http(s) address whose host cannot be read (an underscore, a stray character) would
   * be loaded by the browser while its origin stays out of the review and the allowed origins.
   */
  private void literalHost(String url, String path) {
    java.util.regex.Matcher m = java.util.regex.Pattern.compile("(?i)(https?)://([^/?#]*)").matcher(url);
    if (!m.lookingAt() || m.group(2).indexOf('$') >= 0) { // a placeholder: bound at run time
      return;
    }
    String host;
    try {
      host = java.net.URI.create(m.group(1) + "://" + m.group(2)).getHost();
    } catch (IllegalArgumentException e) {
      host = null;
    }
    if (host == null || host.isEmpty()) {
      ctx.invalid(path, "the url's host '" + m.group(2) + "' is not a host name a review can read: write it as a "
          + "valid host (letters, digits, dots, hyphens; an IP address; a port after ':')");
    }
  }

  /**
   * The dialogs a step declares: only on steps that act on a page; a prompt's text only when it is
   * accepted; messages and texts within the value limit.
   */
  void dialogs(Step s, String p) {
    if (s.dialogs().isEmpty()) {
      return;
    }
    if (!s.kind().opensDialogs()) {
      ctx.invalid(p + ".dialogs", "a " + s.kind().op() + " step opens no dialog of its own: declare the dialog on the step "
          + "whose action opens it");
      return;
    }
    for (int i = 0; i < s.dialogs().size(); i++) {
      io.browserflow.api.Dialog d = s.dialogs().get(i);
      String at = p + ".dialogs[" + i + "]";
      if (d.text().isPresent() && (d.type() != io.browserflow.api.Dialog.Type.PROMPT
          || d.answer() != io.browserflow.api.Dialog.Answer.ACCEPT)) {
        ctx.invalid(at + ".text", "only an accepted prompt is answered with a text; this is "
            + (d.type() == io.browserflow.api.Dialog.Type.PROMPT ? "a dismissed prompt" : "a " + d.type().jsonName()));
      }
      if (d.type() == io.browserflow.api.Dialog.Type.BEFOREUNLOAD && d.message().isPresent()) {
        ctx.invalid(at + ".message", "the browser words a beforeunload dialog itself: leave out its message");
      }
      d.message().ifPresent(m -> {
        valueLength(m, at + ".message", "the dialog message");
        placeholders.text(m, at + ".message");
      });
      d.text().ifPresent(t -> {
        valueLength(t, at + ".text", "the prompt answer");
        placeholders.text(t, at + ".text");
      });
    }
  }


  /** Names of outputs: of flows, calls and http extracts. */
  static final String OUTPUT_NAME = "[A-Za-z_][A-Za-z0-9_]*";

  /** The flow's own outputs, checked with everything its steps declared visible. */
  void flowOutputs(io.browserflow.api.Flow flow) {
    flow.outputs().forEach((name, value) -> {
      String at = "outputs." + name;
      if (!name.matches(OUTPUT_NAME)) {
        ctx.invalid(at, "'" + name + "' cannot name an output: use letters, digits and _");
      }
      noCredential(value, at, "outputs reach the caller's outputs and the run result");
      placeholders.text(value, at);
    });
  }

  /** The methods an http step may use. */
  static final List<String> HTTP_METHODS = List.of("GET", "POST", "PUT", "PATCH", "DELETE", "HEAD");

  /** Whether a dataset name is well formed; reports it when not. */
  private boolean datasetName(String name, String path) {
    if (!name.matches("[A-Za-z0-9_-]{1,64}")) {
      ctx.invalid(path, "a dataset name is 1..64 letters, digits, _ and -, not '" + name + "'");
      return false;
    }
    return true;
  }

  /** A value written somewhere lasting must not hold a credential. */
  private void noCredential(String value, String path, String why) {
    for (String ref : Placeholders.references(value)) {
      if (ref.startsWith("credential.")) {
        ctx.report(Problem.of(ErrorCode.SENSITIVE_VALUE, path, "${" + ref + "} would put a credential where "
            + "it is kept: " + why + "; leave it out"));
      }
    }
  }

  /** A file path relative to the work directory that stays inside it. */
  private void workPath(String file, String path) {
    path(file, path);
    String literal = file.replace('\\', '/');
    if (literal.startsWith("/") || literal.matches("[A-Za-z]:.*") || ("/" + literal + "/").contains("/../")) {
      ctx.invalid(path, "'" + file + "' leaves the work directory: give a relative path inside it, without ..");
    }
  }

  private void path(String file, String path) {
    if (file.isBlank()) {
      ctx.invalid(path, "the file path is blank: give a path");
    }
    placeholders.text(file, path);
  }

  private void range(int actual, int min, int max, String path, String what) {
    if (actual < min || actual > max) {
      ctx.outOfRange(path, what + " is " + actual + ": give " + min + ".." + max, actual, min + ".." + max);
    }
  }

  private void valueLength(String value, String path, String what) {
    if (value.length() > limits.maxValueChars()) {
      ctx.overLimit(path, what + " has " + value.length() + " characters, more than the limit of "
          + limits.maxValueChars(), value.length(), limits.maxValueChars());
    }
  }

  /** A count that must lie in 1..max: below is out of range, above is over the limit. */
  private void atLeastOne(String path, String what, int actual, int max, String belowHint) {
    if (actual < 1) {
      ctx.outOfRange(path, what + " is " + actual + ", less than 1: " + belowHint, actual, "1.." + max);
    } else if (actual > max) {
      ctx.overLimit(path, what + " is " + actual + ", more than the limit of " + max, actual, max);
    }
  }
}
