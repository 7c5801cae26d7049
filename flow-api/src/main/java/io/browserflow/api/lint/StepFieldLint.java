package io.browserflow.api.lint;

import io.browserflow.api.ForeachSource;
import io.browserflow.api.Step;
import io.browserflow.api.PageStep;
import io.browserflow.api.InteractionStep;
import io.browserflow.api.ExternalStep;
import io.browserflow.api.DataStep;
import io.browserflow.api.ControlStep;
import io.browserflow.api.CheckStep;
import io.browserflow.api.StepFamilyVisitor;
import io.browserflow.api.StepVisitor;
import java.util.List;
import java.util.Optional;

/**
 * The op-specific fields of each step kind, through a {@link StepVisitor} (so a new kind does not
 * compile until it says what to scan): values to {@link ValueLint}, targets to
 * {@link SelectorLint}, frame locators to {@link FrameLint}, conditions to {@link ConditionLint},
 * nested bodies back to the run's {@link StepWalk}.
 */
final class StepFieldLint {
  /** The lint walk over a nested step list ({@code continuation}: whether the steps after it observe the page). */
  interface StepWalk {
    void steps(List<Step> list, String base, boolean continuation, boolean active);
  }

  private final ValueLint values;
  private final SelectorLint selectors;
  private final FrameLint frames;
  private final ConditionLint conditions;
  private final StepWalk walk;

  StepFieldLint(ValueLint values, SelectorLint selectors, FrameLint frames, ConditionLint conditions, StepWalk walk) {
    this.values = values;
    this.selectors = selectors;
    this.frames = frames;
    this.conditions = conditions;
    this.walk = walk;
  }

  void check(Step s, String path, boolean after, boolean active) {
    s.accept(new FieldScan(path, s.id(), after, active));
  }

  /**
   * The op-specific fields of one step at {@code path}: values scanned, targets, frames and
   * conditions checked, nested bodies walked ({@code after} is whether the steps after this one
   * observe the page, as {@code steps} passes it on).
   */
  private final class FieldScan implements StepFamilyVisitor<Void> {
    private final String path;
    private final String id;
    private final boolean after;
    private final boolean active;

    FieldScan(String path, String id, boolean after, boolean active) {
      this.path = path;
      this.id = id;
      this.after = after;
      this.active = active;
    }

    @Override
    public Void visitOpen(PageStep.Open s) {
      values.scan(path + ".url", id, s.url(), true, "the url", null);
      return null;
    }

    @Override
    public Void visitNavigate(PageStep.Navigate s) {
      values.scan(path + ".url", id, s.url(), true, "the url", null);
      return null;
    }

    @Override
    public Void visitTabNew(PageStep.TabNew s) {
      s.url().ifPresent(u -> values.scan(path + ".url", id, u, true, "the url", null));
      return null;
    }

    @Override
    public Void visitFrame(PageStep.Frame s) {
      String locator = s.locator();
      if (active) {
        frames.check(locator, path + ".locator", id);
      }
      values.scan(path + ".locator", id, locator, false, "the frame locator", null, false);
      return null;
    }

    @Override
    public Void visitClick(InteractionStep.Click s) {
      selectors.target(s.target(), path + ".target", id, active, true);
      return null;
    }

    @Override
    public Void visitDblclick(InteractionStep.Dblclick s) {
      selectors.target(s.target(), path + ".target", id, active, true);
      return null;
    }

    @Override
    public Void visitContextmenu(InteractionStep.Contextmenu s) {
      selectors.target(s.target(), path + ".target", id, active, true);
      return null;
    }

    @Override
    public Void visitHover(InteractionStep.Hover s) {
      selectors.target(s.target(), path + ".target", id, active, false);
      return null;
    }

    @Override
    public Void visitMouse(InteractionStep.Mouse s) {
      selectors.target(s.target(), path + ".target", id, active, false);
      return null;
    }

    @Override
    public Void visitCheck(InteractionStep.Check s) {
      selectors.target(s.target(), path + ".target", id, active, false);
      return null;
    }

    @Override
    public Void visitUncheck(InteractionStep.Uncheck s) {
      selectors.target(s.target(), path + ".target", id, active, false);
      return null;
    }

    @Override
    public Void visitToggle(InteractionStep.Toggle s) {
      selectors.target(s.target(), path + ".target", id, active, false);
      return null;
    }

    @Override
    public Void visitFill(InteractionStep.Fill fill) {
      selectors.target(fill.target(), path + ".target", id, active, false);
      values.typedValue(fill, Optional.of(fill.target()), fill.value(), path + ".value", active);
      return null;
    }

    @Override
    public Void visitChange(InteractionStep.Change change) {
      selectors.target(change.target(), path + ".target", id, active, false);
      values.typedValue(change, Optional.of(change.target()), change.value(), path + ".value", active);
      return null;
    }

    @Override
    public Void visitType(InteractionStep.Type type) {
      type.target().ifPresent(t -> selectors.target(t, path + ".target", id, active, false));
      values.typedValue(type, type.target(), type.text(), path + ".text", active);
      return null;
    }

    @Override
    public Void visitPress(InteractionStep.Press s) {
      s.target().ifPresent(t -> selectors.target(t, path + ".target", id, active, false));
      return null;
    }

    @Override
    public Void visitSelect(InteractionStep.Select select) {
      selectors.target(select.target(), path + ".target", id, active, false);
      select.value().ifPresent(v -> values.scan(path + ".value", id, v, true, "the selected value", null));
      select.label().ifPresent(v -> values.scan(path + ".label", id, v, true, "the selected label", null));
      return null;
    }

    @Override
    public Void visitScroll(InteractionStep.Scroll s) {
      s.target().ifPresent(t -> selectors.target(t, path + ".target", id, active, false));
      return null;
    }

    @Override
    public Void visitDrag(InteractionStep.Drag drag) {
      selectors.target(drag.source(), path + ".from", id, active, false);
      selectors.target(drag.destination(), path + ".to", id, active, false);
      return null;
    }

    @Override
    public Void visitUpload(InteractionStep.Upload upload) {
      selectors.target(upload.target(), path + ".target", id, active, false);
      for (int k = 0; k < upload.files().size(); k++) {
        values.scan(path + ".files[" + k + "]", id, upload.files().get(k), true, "the upload path", null);
      }
      return null;
    }

    @Override
    public Void visitWait(CheckStep.Wait s) {
      s.until().ifPresent(c -> conditions.check(c, path + ".until", id, active));
      return null;
    }

    @Override
    public Void visitAssert(CheckStep.Assert s) {
      conditions.check(s.condition(), path + ".condition", id, active);
      return null;
    }

    @Override
    public Void visitRead(DataStep.Read s) {
      selectors.target(s.target(), path + ".target", id, active, false);
      return null;
    }

    @Override
    public Void visitScrape(DataStep.Scrape s) {
      selectors.target(s.target(), path + ".target", id, active, false);
      return null;
    }

    @Override
    public Void visitPaginate(DataStep.Paginate paginate) {
      selectors.target(paginate.target(), path + ".target", id, active, false);
      walk.steps(paginate.body(), path + ".body", true, active);
      return null;
    }

    @Override
    public Void visitSetVar(DataStep.SetVar setVar) {
      String secret = SensitiveValueScanner.namesSecret(setVar.name()) && SensitiveValueScanner.hasLiteral(setVar.value())
          ? "a literal value of the secret-named variable " + setVar.name() : null;
      values.scan(path + ".value", id, setVar.value(), true, "the variable value", secret);
      return null;
    }

    @Override
    public Void visitEval(DataStep.Eval s) {
      values.scan(path + ".script", id, s.script(), false, "the script", null);
      return null;
    }

    @Override
    public Void visitScreenshot(DataStep.Screenshot s) {
      s.target().ifPresent(t -> selectors.target(t, path + ".target", id, active, false));
      return null;
    }

    @Override
    public Void visitCsvImport(DataStep.CsvImport s) {
      values.scan(path + ".path", id, s.path(), true, "the csv path", null);
      return null;
    }

    @Override
    public Void visitCsvExport(DataStep.CsvExport s) {
      values.scan(path + ".path", id, s.path(), true, "the csv path", null);
      return null;
    }

    @Override
    public Void visitDatasetWrite(DataStep.DatasetWrite s) {
      s.row().forEach((column, value) -> values.scan(path + ".row." + column, id, value, false, "the cell value",
          SensitiveValueScanner.namesSecret(column) && SensitiveValueScanner.hasLiteral(value)
              ? "a literal value of the secret-named column " + column : null));
      return null;
    }

    @Override
    public Void visitDatasetExport(DataStep.DatasetExport s) {
      values.scan(path + ".path", id, s.path(), true, "the export path", null);
      return null;
    }

    @Override
    public Void visitHttp(ExternalStep.Http s) {
      values.scan(path + ".url", id, s.url(), true, "the url", null);
      s.headers().forEach((name, value) -> {
        boolean secretHeader = SensitiveValueScanner.namesSecret(name) || name.equalsIgnoreCase("authorization")
            || name.equalsIgnoreCase("cookie") || name.equalsIgnoreCase("proxy-authorization");
        String credentialPart = value.replaceFirst("(?i)^\\s*(bearer|basic|token|digest)\\s+", "");
        values.scan(path + ".headers." + name, id, value, false, "the header value",
            secretHeader && SensitiveValueScanner.hasLiteral(credentialPart)
                ? "a literal value of the " + name + " header" : null);
      });
      s.body().ifPresent(b -> values.scan(path + ".body", id, b, false, "the request body", null));
      return null;
    }

    @Override
    public Void visitCall(ExternalStep.Call s) {
      s.inputs().forEach((key, value) -> values.scan(path + ".inputs." + key, id, value, true, "the input value",
          SensitiveValueScanner.namesSecret(key) && SensitiveValueScanner.hasLiteral(value)
              ? "a literal value of the secret-named input " + key : null));
      return null;
    }

    @Override
    public Void visitClipboard(DataStep.Clipboard s) {
      s.text().ifPresent(t -> values.scan(path + ".text", id, t, false, "the clipboard text", null));
      return null;
    }

    @Override
    public Void visitForeach(ControlStep.Foreach foreach) {
      if (foreach.source().kind() == ForeachSource.Kind.LITERAL) {
        for (int k = 0; k < foreach.source().values().size(); k++) {
          values.scan(path + ".items[" + k + "]", id, foreach.source().values().get(k), true, "the loop item", null);
        }
      }
      walk.steps(foreach.body(), path + ".body", after, active);
      return null;
    }

    @Override
    public Void visitRepeat(ControlStep.Repeat s) {
      walk.steps(s.body(), path + ".body", after, active);
      return null;
    }

    @Override
    public Void visitIf(ControlStep.If f) {
      conditions.check(f.condition(), path + ".condition", id, active);
      walk.steps(f.then(), path + ".then", after, active);
      walk.steps(f.otherwise(), path + ".else", after, active);
      return null;
    }

    @Override
    public Void visitWhile(ControlStep.While w) {
      conditions.check(w.condition(), path + ".condition", id, active);
      walk.steps(w.body(), path + ".body", after, active);
      return null;
    }

    @Override
    public Void visitManual(ExternalStep.Manual s) {
      values.scan(path + ".instructions", id, s.instructions(), false, "the instructions", null);
      return null;
    }

    // nothing to scan beyond the common fields
    @Override public Void visitStep(Step step) { return null; }
  }
}
