package io.browserflow.api;

import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import org.immutables.value.Value;

/**
 * Steps of the {@link Step.Family#INTERACTION} family: acting on the page as a person does, on the unique element of a target or with raw pointer and keyboard input. A page driver performs them ({@code DriverSession.perform}) through an {@link InteractionStepVisitor}, which must handle every kind of this family.
 * Each kind is an immutable value with a public builder; the DSL ({@link Flow#named(String)}) is the
 * usual way to make them.
 */
@Value.Enclosing
public sealed interface InteractionStep extends Step {

  /**
   * Calls the {@code visit} method of {@code visitor} for this interaction's kind: how a page driver
   * performs an interaction it is given.
   */
  <R> R accept(InteractionStepVisitor<R> visitor);

  /** An interaction is visited by a {@link StepVisitor} through the interaction methods it inherits. */
  @Override
  default <R> R accept(StepVisitor<R> visitor) {
    InteractionStepVisitor<R> interactions = visitor; // picks the overload of the interaction family
    return accept(interactions);
  }

  /** Clicks the unique element of {@code target}. {@code newTab} binds a popup opened by the click to an alias. */
  @Value.Immutable
  non-sealed interface Click extends InteractionStep {
    @Override
    default <R> R accept(InteractionStepVisitor<R> visitor) {
      return visitor.visitClick(this);
    }

    Target target();

    @Value.Default
    default MouseButton button() {
      return MouseButton.LEFT;
    }

    /** Modifier keys held during the click: Alt, Control, Meta, Shift. */
    List<String> modifiers();

    /** Click position relative to the element's top-left corner; its center when empty. */
    Optional<Point> offset();

    /** Tab alias bound to the popup this click opens. */
    Optional<String> newTab();

    /**
     * How long the button is held down, in milliseconds (0 – 30,000), between press and release;
     * no wait when empty. JSON {@code delay}.
     */
    OptionalInt delay();

    @Override
    default Kind kind() {
      return Kind.CLICK;
    }

    static Builder builder() {
      return new Builder();
    }

    /** Builder of {@link Click}. */
    final class Builder extends ImmutableInteractionStep.Click.Builder {}
  }

  /** Double-clicks the unique element of {@code target}. */
  @Value.Immutable
  non-sealed interface Dblclick extends InteractionStep {
    @Override
    default <R> R accept(InteractionStepVisitor<R> visitor) {
      return visitor.visitDblclick(this);
    }

    Target target();

    Optional<Point> offset();

    @Override
    default Kind kind() {
      return Kind.DBLCLICK;
    }

    static Builder builder() {
      return new Builder();
    }

    /** Builder of {@link Dblclick}. */
    final class Builder extends ImmutableInteractionStep.Dblclick.Builder {}
  }

  /** Right-clicks the unique element of {@code target}. */
  @Value.Immutable
  non-sealed interface Contextmenu extends InteractionStep {
    @Override
    default <R> R accept(InteractionStepVisitor<R> visitor) {
      return visitor.visitContextmenu(this);
    }

    Target target();

    Optional<Point> offset();

    @Override
    default Kind kind() {
      return Kind.CONTEXTMENU;
    }

    static Builder builder() {
      return new Builder();
    }

    /** Builder of {@link Contextmenu}. */
    final class Builder extends ImmutableInteractionStep.Contextmenu.Builder {}
  }

  /** Moves the pointer over the unique element of {@code target}. */
  @Value.Immutable
  non-sealed interface Hover extends InteractionStep {
    @Override
    default <R> R accept(InteractionStepVisitor<R> visitor) {
      return visitor.visitHover(this);
    }

    Target target();

    @Override
    default Kind kind() {
      return Kind.HOVER;
    }

    static Builder builder() {
      return new Builder();
    }

    /** Builder of {@link Hover}. */
    final class Builder extends ImmutableInteractionStep.Hover.Builder {}
  }

  /**
   * Presses, releases, moves or clicks the mouse at the unique element of {@code target}: the
   * low-level pointer input of Selenium IDE's {@code mouseDown}, {@code mouseUpAt},
   * {@code mouseMoveAt}, {@code mouseOut}, {@code clickAt} and {@code doubleClickAt}. The element is scrolled into view and the pointer moves to its centre, or
   * {@code fromCenter} away from it (negative values go left or up, possibly outside the element:
   * the point is where the pointer goes, whatever is there). Prefer {@code click}, {@code hover} and
   * {@code drag}, which wait until the element can receive the input.
   *
   * <pre>{@code
   * mouse(Step.MouseAction.DOWN, css("#handle"))
   * mouse(Step.MouseAction.UP, css("#track"), Point.of(40, 0))     // 40 px right of the track's centre
   * }</pre>
   */
  @Value.Immutable
  non-sealed interface Mouse extends InteractionStep {
    @Override
    default <R> R accept(InteractionStepVisitor<R> visitor) {
      return visitor.visitMouse(this);
    }

    MouseAction action();

    /** Pressing, releasing or clicking a button writes; moving the pointer or leaving does not. */
    @Override
    default boolean writes() {
      return action() != MouseAction.MOVE && action() != MouseAction.OUT;
    }

    Target target();

    /** Where the pointer goes, from the element's centre (as WebDriver actions count); the centre when empty. Not for {@code OUT}. */
    Optional<Point> fromCenter();

    /** The button pressed, released or clicked ({@code DOWN}, {@code UP}, {@code CLICK}); only {@code LEFT} otherwise. */
    @Value.Default
    default MouseButton button() {
      return MouseButton.LEFT;
    }

    @Override
    default Kind kind() {
      return Kind.MOUSE;
    }

    static Builder builder() {
      return new Builder();
    }

    /** Builder of {@link Mouse}. */
    final class Builder extends ImmutableInteractionStep.Mouse.Builder {}
  }

  /** Replaces the value of a field with {@code value}. */
  @Value.Immutable
  non-sealed interface Fill extends InteractionStep {
    @Override
    default <R> R accept(InteractionStepVisitor<R> visitor) {
      return visitor.visitFill(this);
    }

    Target target();

    String value();

    @Override
    default Kind kind() {
      return Kind.FILL;
    }

    static Builder builder() {
      return new Builder();
    }

    /** Builder of {@link Fill}. */
    final class Builder extends ImmutableInteractionStep.Fill.Builder {}
  }

  /**
   * Sets the value of {@code target} the way that element takes a value, decided when the step runs
   * (as Chrome's Recorder replays its {@code change} step): a {@code <select>} selects the option
   * whose value is {@code value}; a text field ({@code <textarea>}, text-like {@code <input>},
   * contenteditable) is typed into key by key (only the missing rest when its current value is a
   * prefix of {@code value}; values of 100 characters or more are set directly, with {@code input}
   * and {@code change} events); other inputs (color, date, range, ...) are set directly with those
   * events; a checkbox, radio or switch is clicked when its checked state differs from
   * {@code !value.isEmpty()}. Any other element fails with {@link ErrorCode#ACTION_FAILED}.
   *
   * <p>Prefer {@link Fill} for flows written by hand; {@code change} exists so that imported
   * recordings reach the state their own replayer reaches.
   */
  @Value.Immutable
  non-sealed interface Change extends InteractionStep {
    @Override
    default <R> R accept(InteractionStepVisitor<R> visitor) {
      return visitor.visitChange(this);
    }

    Target target();

    String value();

    @Override
    default Kind kind() {
      return Kind.CHANGE;
    }

    static Builder builder() {
      return new Builder();
    }

    /** Builder of {@link Change}. */
    final class Builder extends ImmutableInteractionStep.Change.Builder {}
  }

  /** Types {@code text} key by key into {@code target}, or into the focused element. */
  @Value.Immutable
  non-sealed interface Type extends InteractionStep {
    @Override
    default <R> R accept(InteractionStepVisitor<R> visitor) {
      return visitor.visitType(this);
    }

    Optional<Target> target();

    String text();

    @Override
    default Kind kind() {
      return Kind.TYPE;
    }

    static Builder builder() {
      return new Builder();
    }

    /** Builder of {@link Type}. */
    final class Builder extends ImmutableInteractionStep.Type.Builder {}
  }

  /**
   * Presses a key (Playwright key names: Enter, Escape, Tab, ArrowDown, a, ...) with modifiers, on
   * {@code target} or the focused element; with {@link KeyPhase#DOWN} or {@link KeyPhase#UP} only
   * the key going down or coming up (no modifiers then: hold them with their own down steps).
   */
  @Value.Immutable
  non-sealed interface Press extends InteractionStep {
    @Override
    default <R> R accept(InteractionStepVisitor<R> visitor) {
      return visitor.visitPress(this);
    }

    String key();

    List<String> modifiers();

    /** A full press (the default), or only the key going down or coming up. */
    @Value.Default
    default KeyPhase phase() {
      return KeyPhase.PRESS;
    }

    Optional<Target> target();

    @Override
    default Kind kind() {
      return Kind.PRESS;
    }

    static Builder builder() {
      return new Builder();
    }

    /** Builder of {@link Press}. */
    final class Builder extends ImmutableInteractionStep.Press.Builder {}
  }

  /** Selects an option of a select element by {@code value} or by {@code label} (exactly one of them). */
  @Value.Immutable
  non-sealed interface Select extends InteractionStep {
    @Override
    default <R> R accept(InteractionStepVisitor<R> visitor) {
      return visitor.visitSelect(this);
    }

    Target target();

    Optional<String> value();

    Optional<String> label();

    @Override
    default Kind kind() {
      return Kind.SELECT;
    }

    static Builder builder() {
      return new Builder();
    }

    /** Builder of {@link Select}. */
    final class Builder extends ImmutableInteractionStep.Select.Builder {}
  }

  /** Checks a checkbox or radio button (no-op when already checked). */
  @Value.Immutable
  non-sealed interface Check extends InteractionStep {
    @Override
    default <R> R accept(InteractionStepVisitor<R> visitor) {
      return visitor.visitCheck(this);
    }

    Target target();

    @Override
    default Kind kind() {
      return Kind.CHECK;
    }

    static Builder builder() {
      return new Builder();
    }

    /** Builder of {@link Check}. */
    final class Builder extends ImmutableInteractionStep.Check.Builder {}
  }

  /** Unchecks a checkbox (no-op when already unchecked). */
  @Value.Immutable
  non-sealed interface Uncheck extends InteractionStep {
    @Override
    default <R> R accept(InteractionStepVisitor<R> visitor) {
      return visitor.visitUncheck(this);
    }

    Target target();

    @Override
    default Kind kind() {
      return Kind.UNCHECK;
    }

    static Builder builder() {
      return new Builder();
    }

    /** Builder of {@link Uncheck}. */
    final class Builder extends ImmutableInteractionStep.Uncheck.Builder {}
  }

  /** Flips a checkbox or switch. */
  @Value.Immutable
  non-sealed interface Toggle extends InteractionStep {
    @Override
    default <R> R accept(InteractionStepVisitor<R> visitor) {
      return visitor.visitToggle(this);
    }

    Target target();

    @Override
    default Kind kind() {
      return Kind.TOGGLE;
    }

    static Builder builder() {
      return new Builder();
    }

    /** Builder of {@link Toggle}. */
    final class Builder extends ImmutableInteractionStep.Toggle.Builder {}
  }

  /** Scrolls the page or the {@code target} container by or to ({@code x}, {@code y}), or scrolls {@code target} into view. */
  @Value.Immutable
  non-sealed interface Scroll extends InteractionStep {
    @Override
    default <R> R accept(InteractionStepVisitor<R> visitor) {
      return visitor.visitScroll(this);
    }

    @Value.Default
    default ScrollMode mode() {
      return ScrollMode.BY;
    }

    Optional<Target> target();

    @Value.Default
    default int x() {
      return 0;
    }

    @Value.Default
    default int y() {
      return 0;
    }

    @Override
    default Kind kind() {
      return Kind.SCROLL;
    }

    static Builder builder() {
      return new Builder();
    }

    /** Builder of {@link Scroll}. */
    final class Builder extends ImmutableInteractionStep.Scroll.Builder {}
  }

  /** Drags the unique element of {@code source} onto the unique element of {@code destination} (JSON {@code from} and {@code to}). */
  @Value.Immutable
  non-sealed interface Drag extends InteractionStep {
    @Override
    default <R> R accept(InteractionStepVisitor<R> visitor) {
      return visitor.visitDrag(this);
    }

    Target source();

    Target destination();

    @Override
    default Kind kind() {
      return Kind.DRAG;
    }

    static Builder builder() {
      return new Builder();
    }

    /** Builder of {@link Drag}. */
    final class Builder extends ImmutableInteractionStep.Drag.Builder {}
  }

  /** Sets the files of a file input. Needs the {@code file.upload} capability. */
  @Value.Immutable
  non-sealed interface Upload extends InteractionStep {
    @Override
    default <R> R accept(InteractionStepVisitor<R> visitor) {
      return visitor.visitUpload(this);
    }

    Target target();

    List<String> files();

    @Override
    default Kind kind() {
      return Kind.UPLOAD;
    }

    static Builder builder() {
      return new Builder();
    }

    /** Builder of {@link Upload}. */
    final class Builder extends ImmutableInteractionStep.Upload.Builder {}
  }
}
