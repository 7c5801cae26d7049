package io.browserflow.testkit;

import io.browserflow.api.ErrorCode;
import io.browserflow.api.FlowException;
import io.browserflow.api.FlowRunException;
import io.browserflow.api.FlowTimeoutException;
import io.browserflow.api.Step;
import io.browserflow.api.InteractionStep;
import io.browserflow.api.Target;
import io.browserflow.engine.spi.ActionResult;
import io.browserflow.testkit.TargetResolver.Located;
import io.browserflow.testkit.TargetResolver.Need;
import io.browserflow.engine.spi.ChangeRefusal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.jsoup.nodes.Element;

/**
 * {@code perform}: the interaction steps, each on an element resolved strictly and in the state the
 * action needs, carried out by the page's behaviours (events, default actions, navigations).
 */
final class ElementActions {
  private final SessionState state;
  private final TargetResolver resolver;
  private final PageBehaviours behaviours;
  private final Tabs tabs;

  ElementActions(SessionState state, TargetResolver resolver, PageBehaviours behaviours, Tabs tabs) {
    this.state = state;
    this.resolver = resolver;
    this.behaviours = behaviours;
    this.tabs = tabs;
  }

  ActionResult perform(InteractionStep step, Duration timeout) {
    state.requireOpen();
    return step.accept(new Perform(state.deadline(timeout)));
  }

  /** The step's modifiers and the modifier keys held down by earlier steps. */
  private List<String> withHeld(List<String> modifiers) {
    List<String> all = new ArrayList<>(modifiers);
    for (String k : state.heldKeys) {
      if (PageBehaviours.MODIFIER_KEYS.contains(k) && !all.contains(k)) {
        all.add(k);
      }
    }
    return all;
  }

  /** The interaction steps, one method per kind. */
  private final class Perform implements io.browserflow.api.InteractionStepVisitor<ActionResult> {
    private final Deadline d;

    Perform(Deadline d) {
      this.d = d;
    }

    @Override
    public ActionResult visitClick(InteractionStep.Click c) {
      return click(c, d);
    }

    @Override
    public ActionResult visitDblclick(InteractionStep.Dblclick s) {
      Located l = resolver.interactable(s.target(), d, Need.ACTIONABLE);
      state.focused = l.element();
      behaviours.doubleClick(l.element());
      return ActionResult.of(l.resolution());
    }

    @Override
    public ActionResult visitContextmenu(InteractionStep.Contextmenu s) {
      Located l = resolver.interactable(s.target(), d, Need.ACTIONABLE);
      behaviours.contextMenu(l.element());
      return ActionResult.of(l.resolution());
    }

    @Override
    public ActionResult visitHover(InteractionStep.Hover s) {
      Located l = resolver.interactable(s.target(), d, Need.ACTIONABLE);
      behaviours.hover(l.element());
      return ActionResult.of(l.resolution());
    }

    @Override
    public ActionResult visitMouse(InteractionStep.Mouse s) {
      // raw pointer input goes wherever the element is shown, enabled or not
      Located l = resolver.interactable(s.target(), d, Need.VISIBLE);
      Element e = l.element();
      switch (s.action()) {
        case DOWN -> {
          pressed = s.button() == Step.MouseButton.LEFT ? e : null;
          behaviours.fire(e, "mousedown");
        }
        case UP -> {
          behaviours.fire(e, "mouseup");
          if (s.button() == Step.MouseButton.LEFT && pressed == e) {
            clickAt(e, s.button()); // a press and a release on the same element are a click, as in a browser
          }
          pressed = null;
        }
        case MOVE -> behaviours.hover(e);
        case OUT -> behaviours.fire(e, "mouseout");
        case CLICK -> {
          behaviours.fire(e, "mousedown");
          behaviours.fire(e, "mouseup");
          clickAt(e, s.button());
        }
        case DBLCLICK -> {
          state.focused = e;
          behaviours.doubleClick(e);
        }
      }
      return ActionResult.of(l.resolution());
    }

    @Override
    public ActionResult visitFill(InteractionStep.Fill f) {
      return fill(f, d);
    }

    @Override
    public ActionResult visitChange(InteractionStep.Change c) {
      return change(c, d);
    }

    @Override
    public ActionResult visitType(InteractionStep.Type t) {
      return type(t, d);
    }

    @Override
    public ActionResult visitPress(InteractionStep.Press p) {
      Located l = p.target().isPresent() ? resolver.interactable(p.target().get(), d, Need.ACTIONABLE) : null;
      if (l != null) {
        state.focused = l.element();
      }
      Element on = l != null ? l.element() : state.focused;
      List<String> modifiers = withHeld(p.modifiers());
      switch (p.phase()) {
        case PRESS -> behaviours.press(on, p.key(), modifiers);
        case DOWN -> {
          behaviours.keyDown(on, p.key(), modifiers);
          state.heldKeys.add(p.key());
        }
        case UP -> {
          state.heldKeys.remove(p.key());
          behaviours.keyUp(on, p.key(), withHeld(List.of()));
        }
      }
      return l == null ? ActionResult.none() : ActionResult.of(l.resolution());
    }

    @Override
    public ActionResult visitSelect(InteractionStep.Select s) {
      return select(s, d);
    }

    @Override
    public ActionResult visitCheck(InteractionStep.Check s) {
      return check(s.target(), d, Boolean.TRUE);
    }

    @Override
    public ActionResult visitUncheck(InteractionStep.Uncheck s) {
      return check(s.target(), d, Boolean.FALSE);
    }

    @Override
    public ActionResult visitToggle(InteractionStep.Toggle s) {
      return check(s.target(), d, null);
    }

    @Override
    public ActionResult visitScroll(InteractionStep.Scroll s) {
      return scroll(s, d);
    }

    @Override
    public ActionResult visitDrag(InteractionStep.Drag drag) {
      Located from = resolver.interactable(drag.source(), d, Need.ACTIONABLE);
      Located to = resolver.locate(drag.destination(), d, Need.ACTIONABLE);
      behaviours.drop(to.element());
      return ActionResult.of(from.resolution());
    }

    @Override
    public ActionResult visitUpload(InteractionStep.Upload u) {
      return upload(u, d);
    }
  }

  /** The element a mouse step pressed the left button on, until it is released. */
  private Element pressed;

  private void clickAt(Element e, Step.MouseButton button) {
    state.focused = e;
    switch (button) {
      case RIGHT -> behaviours.contextMenu(e);
      case MIDDLE -> behaviours.auxClick(e);
      default -> behaviours.click(e, withHeld(List.of()));
    }
  }

  private ActionResult click(InteractionStep.Click c, Deadline d) {
    if (c.newTab().isPresent() && state.tabs.containsKey(c.newTab().get())) {
      throw new FlowRunException(ErrorCode.ACTION_FAILED, "tab alias '" + c.newTab().get()
          + "' is already bound to an open tab", Map.of(FlowException.Details.ALIAS, c.newTab().get()));
    }
    Located l = resolver.interactable(c.target(), d, Need.ACTIONABLE);
    state.popupsOpened.clear();
    state.popupAlias = c.newTab().orElse(null);
    try {
      state.focused = l.element();
      Runnable press = switch (c.button()) {
        case LEFT -> () -> behaviours.click(l.element(), withHeld(c.modifiers()));
        case RIGHT -> () -> behaviours.contextMenu(l.element());
        case MIDDLE -> () -> behaviours.auxClick(l.element());
        // no pointer events in the model: the side buttons do what Chromium does by default, move in history
        case BACK -> () -> tabs.back(Duration.ofMillis(Math.max(0, d.at() - state.clock.now())));
        case FORWARD -> () -> tabs.forward(Duration.ofMillis(Math.max(0, d.at() - state.clock.now())));
      };
      hold(c, d);
      press.run();
      if (c.newTab().isPresent() && state.popupsOpened.isEmpty()
          && state.clock.waitFor(d.at(), () -> state.popupsOpened.isEmpty() ? Optional.empty() : Optional.of(true)).isEmpty()) {
        throw new FlowTimeoutException(ErrorCode.TIMEOUT, "the click on " + c.target().describe()
            + " opened no new tab for alias '" + c.newTab().get() + "' within " + d.millis() + " ms",
            Map.of(FlowException.Details.ALIAS, c.newTab().get(), FlowException.Details.TARGET, c.target().describe()));
      }
    } finally {
      state.popupAlias = null;
    }
    ActionResult.Builder b = ActionResult.builder().resolution(l.resolution());
    if (!state.popupsOpened.isEmpty()) {
      b.openedTab(state.popupsOpened.get(0));
    }
    return b.build();
  }

  /** The click's hold time, between press and release, on the virtual clock. */
  private void hold(InteractionStep.Click c, Deadline d) {
    int ms = c.delay().orElse(0);
    if (ms <= 0) {
      return;
    }
    if (state.clock.now() + ms > d.at()) {
      state.clock.advanceTo(d.at());
      throw new FlowTimeoutException(ErrorCode.TIMEOUT, "the click on " + c.target().describe() + " holds its button "
          + ms + " ms, longer than what is left of the " + d.millis() + " ms timeout",
          Map.of(FlowException.Details.TARGET, c.target().describe()));
    }
    state.clock.advanceBy(ms);
  }

  private ActionResult change(InteractionStep.Change c, Deadline d) {
    Located l = resolver.interactable(c.target(), d, Need.ACTIONABLE);
    Element e = l.element();
    String value = c.value();
    switch (ChangeKind.of(e)) {
      case SELECT -> {
        // as Playwright's selectOption: wait for the option to be there
        Optional<Element> option = state.clock.waitFor(d.at(), () -> ElementState.options(e).stream()
            .filter(o -> ElementState.optionValue(o).equals(value)).findFirst());
        if (option.isEmpty()) {
          throw new FlowTimeoutException(ErrorCode.TIMEOUT, "timed out after " + d.millis() + " ms waiting for an "
              + "option with value '" + value + "' in " + c.target().describe(),
              Map.of(FlowException.Details.TARGET, c.target().describe()));
        }
        state.focused = e;
        ElementState.select(e, option.get());
        behaviours.fire(e, "input");
        behaviours.fire(e, "change");
      }
      case TYPEABLE -> {
        state.focused = e;
        String current = ElementState.value(e);
        if (value.length() >= ChangeKind.MAX_TYPED) {
          setAndNotify(e, value);
        } else if (!current.equals(value)) {
          if (current.isEmpty() || !value.startsWith(current)) {
            ElementState.setValue(e, "");
            behaviours.typeKeys(e, value);
          } else {
            behaviours.typeKeys(e, value.substring(current.length()));
          }
        }
      }
      case OTHER_INPUT -> {
        state.focused = e;
        setAndNotify(e, value);
      }
      case CHECKABLE -> {
        state.focused = e;
        if (ChangeKind.differs(e, !value.isEmpty())) {
          behaviours.click(e, List.of());
        }
      }
      case NONE -> throw ChangeRefusal.of(c, e.normalName(),
          Dom.is(e, "input") ? Dom.inputType(e) : "");
    }
    return ActionResult.of(l.resolution());
  }

  private void setAndNotify(Element e, String value) {
    if (!value.equals(ElementState.value(e))) {
      ElementState.setValue(e, value);
    }
    behaviours.fire(e, "input");
    behaviours.fire(e, "change");
  }

  private ActionResult fill(InteractionStep.Fill f, Deadline d) {
    Located l = resolver.interactable(f.target(), d, Need.EDITABLE);
    Element e = l.element();
    if (!ElementState.isTextField(e)) {
      throw new FlowRunException(ErrorCode.ACTION_FAILED, "cannot fill " + f.target().describe()
          + ": the element is not an <input>, <textarea> or [contenteditable] element (" + e.normalName() + ")",
          Map.of(FlowException.Details.TARGET, f.target().describe()));
    }
    if (Dom.is(e, "input") && Dom.inputType(e).equals("number") && !f.value().isEmpty()
        && !f.value().trim().matches("[-+]?(\\d+\\.?\\d*|\\.\\d+)([eE][-+]?\\d+)?")) {
      throw new FlowRunException(ErrorCode.ACTION_FAILED, "cannot type text into input[type=number] "
          + f.target().describe(), Map.of(FlowException.Details.TARGET, f.target().describe()));
    }
    state.focused = e;
    ElementState.setValue(e, f.value());
    behaviours.fire(e, "input");
    return ActionResult.of(l.resolution());
  }

  private ActionResult type(InteractionStep.Type t, Deadline d) {
    Located l = t.target().isPresent() ? resolver.interactable(t.target().get(), d, Need.EDITABLE) : null;
    Element e = l != null ? l.element() : state.focused;
    if (l != null) {
      state.focused = e;
    }
    if (e != null && Dom.attached(e) && ElementState.isTextField(e) && ElementState.enabled(e) && !ElementState.readonly(e)) {
      behaviours.insert(e, t.text());
    }
    return l == null ? ActionResult.none() : ActionResult.of(l.resolution());
  }

  private ActionResult select(InteractionStep.Select s, Deadline d) {
    Located l = resolver.interactable(s.target(), d, Need.ACTIONABLE);
    Element select = l.element();
    if (!Dom.is(select, "select")) {
      throw new FlowRunException(ErrorCode.ACTION_FAILED, "cannot select an option in " + s.target().describe()
          + ": the element is not a <select> element (" + select.normalName() + ")", Map.of(FlowException.Details.TARGET, s.target().describe()));
    }
    if (s.value().isEmpty() && s.label().isEmpty()) {
      throw new FlowRunException(ErrorCode.ACTION_FAILED, "select needs a value or a label", Map.of());
    }
    Optional<Element> option = state.clock.waitFor(d.at(), () -> ElementState.options(select).stream()
        .filter(o -> s.value().map(v -> ElementState.optionValue(o).equals(v))
            .orElseGet(() -> ElementState.optionLabel(o).equals(RenderedText.normalize(s.label().get()))))
        .findFirst());
    if (option.isEmpty()) {
      String what = s.value().map(v -> "value '" + v + "'").orElseGet(() -> "label '" + s.label().get() + "'");
      throw new FlowTimeoutException(ErrorCode.TIMEOUT, "timed out after " + d.millis() + " ms waiting for an option with "
          + what + " in " + s.target().describe(), Map.of(FlowException.Details.TARGET, s.target().describe()));
    }
    state.focused = select;
    ElementState.select(select, option.get());
    behaviours.fire(select, "input");
    behaviours.fire(select, "change");
    return ActionResult.of(l.resolution());
  }

  /** check (TRUE), uncheck (FALSE) or toggle (null). */
  private ActionResult check(Target target, Deadline d, Boolean wanted) {
    Located l = resolver.interactable(target, d, Need.ACTIONABLE);
    Element e = l.element();
    if (!ElementState.isCheckable(e)) {
      throw new FlowRunException(ErrorCode.ACTION_FAILED, "cannot check " + target.describe()
          + ": the element is not a checkbox or radio button (" + e.normalName() + ")", Map.of(FlowException.Details.TARGET, target.describe()));
    }
    boolean radio = ElementState.isRadio(e) || "radio".equals(Aria.role(e));
    if (Boolean.FALSE.equals(wanted) && radio) {
      throw new FlowRunException(ErrorCode.ACTION_FAILED, "cannot uncheck radio button " + target.describe()
          + "; check another radio of its group instead", Map.of(FlowException.Details.TARGET, target.describe()));
    }
    state.focused = e;
    boolean before = ElementState.checked(e);
    if (wanted != null && before == wanted) {
      return ActionResult.of(l.resolution());
    }
    behaviours.click(e, List.of());
    if (wanted != null && Dom.attached(e) && ElementState.checked(e) != wanted) {
      throw new FlowRunException(ErrorCode.ACTION_FAILED, "clicking " + target.describe()
          + " did not change its checked state", Map.of(FlowException.Details.TARGET, target.describe()));
    }
    return ActionResult.of(l.resolution());
  }

  private ActionResult scroll(InteractionStep.Scroll s, Deadline d) {
    if (s.mode() == Step.ScrollMode.INTO_VIEW && s.target().isEmpty()) {
      throw new FlowRunException(ErrorCode.ACTION_FAILED, "scroll intoView needs a target", Map.of(FlowException.Details.STEP_ID, s.id()));
    }
    if (s.target().isPresent()) {
      Located l = resolver.interactable(s.target().get(), d, Need.VISIBLE);
      return ActionResult.of(l.resolution());
    }
    Tab tab = state.requireTab();
    state.currentDocument();
    boolean relative = switch (s.mode()) {
      case BY -> true;
      case TO -> false;
      case INTO_VIEW -> throw new IllegalStateException("scroll intoView has a target, handled above");
    };
    if (relative) {
      tab.scrollX += s.x();
      tab.scrollY += s.y();
    } else {
      tab.scrollX = s.x();
      tab.scrollY = s.y();
    }
    resolver.spend(state.driver.actionDelayMillis(), d, "scrolling the page");
    return ActionResult.none();
  }

  private ActionResult upload(InteractionStep.Upload u, Deadline d) {
    Located l = resolver.interactable(u.target(), d, Need.NONE);
    Element e = l.element();
    if (!Dom.is(e, "input") || !Dom.inputType(e).equals("file")) {
      throw new FlowRunException(ErrorCode.ACTION_FAILED, "cannot upload to " + u.target().describe()
          + ": the element is not an <input type=file>", Map.of(FlowException.Details.TARGET, u.target().describe()));
    }
    if (u.files().size() > 1 && !e.hasAttr("multiple")) {
      throw new FlowRunException(ErrorCode.ACTION_FAILED, "the file input " + u.target().describe()
          + " accepts a single file, not " + u.files().size(), Map.of(FlowException.Details.TARGET, u.target().describe()));
    }
    List<String> names = new ArrayList<>();
    for (String f : u.files()) {
      Path p = Path.of(f);
      if (!Files.isRegularFile(p)) {
        throw new FlowRunException(ErrorCode.ACTION_FAILED, "upload file not found: " + p.getFileName(),
            Map.of(FlowException.Details.FILE, String.valueOf(p.getFileName())));
      }
      names.add(String.valueOf(p.getFileName()));
    }
    ElementData.of(e).files = names;
    behaviours.fire(e, "input");
    behaviours.fire(e, "change");
    return ActionResult.of(l.resolution());
  }
}
