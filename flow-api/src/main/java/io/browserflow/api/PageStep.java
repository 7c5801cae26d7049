package io.browserflow.api;

import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import org.immutables.value.Value;

/**
 * Steps of the {@link Step.Family#PAGE} family: where the run is (pages, history, tabs, frames, viewport, network emulation). They change no application data; a resumed run applies them again to rebuild the page context.
 * Each kind is an immutable value with a public builder; the DSL ({@link Flow#named(String)}) is the
 * usual way to make them.
 */
@Value.Enclosing
public sealed interface PageStep extends Step {

  /** Opens a URL in the current tab, or in the tab bound to {@code tab}. Resets the frame context to the main frame. */
  @Value.Immutable
  non-sealed interface Open extends PageStep {
    @Override
    default <R> R accept(StepVisitor<R> visitor) {
      return visitor.visitOpen(this);
    }

    String url();

    /** Tab alias to open in; the current tab when empty. */
    Optional<String> tab();

    @Override
    default Kind kind() {
      return Kind.OPEN;
    }

    static Builder builder() {
      return new Builder();
    }

    /** Builder of {@link Open}. */
    final class Builder extends ImmutablePageStep.Open.Builder {}
  }

  /** Navigates the current tab to a URL. Prefer a click plus {@code expect url} when a user action causes the navigation. */
  @Value.Immutable
  non-sealed interface Navigate extends PageStep {
    @Override
    default <R> R accept(StepVisitor<R> visitor) {
      return visitor.visitNavigate(this);
    }

    String url();

    @Override
    default Kind kind() {
      return Kind.NAVIGATE;
    }

    static Builder builder() {
      return new Builder();
    }

    /** Builder of {@link Navigate}. */
    final class Builder extends ImmutablePageStep.Navigate.Builder {}
  }

  /** Goes back in the current tab's history. */
  @Value.Immutable
  non-sealed interface Back extends PageStep {
    @Override
    default <R> R accept(StepVisitor<R> visitor) {
      return visitor.visitBack(this);
    }

    @Override
    default Kind kind() {
      return Kind.BACK;
    }

    static Builder builder() {
      return new Builder();
    }

    /** Builder of {@link Back}. */
    final class Builder extends ImmutablePageStep.Back.Builder {}
  }

  /** Goes forward in the current tab's history. */
  @Value.Immutable
  non-sealed interface Forward extends PageStep {
    @Override
    default <R> R accept(StepVisitor<R> visitor) {
      return visitor.visitForward(this);
    }

    @Override
    default Kind kind() {
      return Kind.FORWARD;
    }

    static Builder builder() {
      return new Builder();
    }

    /** Builder of {@link Forward}. */
    final class Builder extends ImmutablePageStep.Forward.Builder {}
  }

  /** Reloads the current page. */
  @Value.Immutable
  non-sealed interface Reload extends PageStep {
    @Override
    default <R> R accept(StepVisitor<R> visitor) {
      return visitor.visitReload(this);
    }

    @Override
    default Kind kind() {
      return Kind.RELOAD;
    }

    static Builder builder() {
      return new Builder();
    }

    /** Builder of {@link Reload}. */
    final class Builder extends ImmutablePageStep.Reload.Builder {}
  }

  /** Opens a new tab bound to a declared alias and switches to it. */
  @Value.Immutable
  non-sealed interface TabNew extends PageStep {
    @Override
    default <R> R accept(StepVisitor<R> visitor) {
      return visitor.visitTabNew(this);
    }

    String alias();

    Optional<String> url();

    @Override
    default Kind kind() {
      return Kind.TAB_NEW;
    }

    static Builder builder() {
      return new Builder();
    }

    /** Builder of {@link TabNew}. */
    final class Builder extends ImmutablePageStep.TabNew.Builder {}
  }

  /** Makes the tab bound to a declared alias the current one. */
  @Value.Immutable
  non-sealed interface TabSwitch extends PageStep {
    @Override
    default <R> R accept(StepVisitor<R> visitor) {
      return visitor.visitTabSwitch(this);
    }

    String alias();

    @Override
    default Kind kind() {
      return Kind.TAB_SWITCH;
    }

    static Builder builder() {
      return new Builder();
    }

    /** Builder of {@link TabSwitch}. */
    final class Builder extends ImmutablePageStep.TabSwitch.Builder {}
  }

  /** Closes the tab bound to {@code alias}, or the current tab. */
  @Value.Immutable
  non-sealed interface TabClose extends PageStep {
    @Override
    default <R> R accept(StepVisitor<R> visitor) {
      return visitor.visitTabClose(this);
    }

    Optional<String> alias();

    @Override
    default Kind kind() {
      return Kind.TAB_CLOSE;
    }

    static Builder builder() {
      return new Builder();
    }

    /** Builder of {@link TabClose}. */
    final class Builder extends ImmutablePageStep.TabClose.Builder {}
  }

  /** Enters a frame, relative to the current frame context: owner css ({@code iframe#pay} or {@code selector:...}), {@code url:<glob>} or {@code name:<name>}. Never a runtime frame id. */
  @Value.Immutable
  non-sealed interface Frame extends PageStep {
    @Override
    default <R> R accept(StepVisitor<R> visitor) {
      return visitor.visitFrame(this);
    }

    String locator();

    @Override
    default Kind kind() {
      return Kind.FRAME;
    }

    static Builder builder() {
      return new Builder();
    }

    /** Builder of {@link Frame}. */
    final class Builder extends ImmutablePageStep.Frame.Builder {}
  }

  /** Returns to the main frame of the current tab. */
  @Value.Immutable
  non-sealed interface FrameMain extends PageStep {
    @Override
    default <R> R accept(StepVisitor<R> visitor) {
      return visitor.visitFrameMain(this);
    }

    @Override
    default Kind kind() {
      return Kind.FRAME_MAIN;
    }

    static Builder builder() {
      return new Builder();
    }

    /** Builder of {@link FrameMain}. */
    final class Builder extends ImmutablePageStep.FrameMain.Builder {}
  }

  /**
   * Resizes the viewport (CSS pixels) and, when asked, emulates a device: its pixel ratio
   * ({@code deviceScaleFactor}), a mobile layout viewport ({@code mobile}) and touch input
   * ({@code touch}). A page already shown is reloaded when {@code mobile} or {@code touch} changes,
   * as they apply to documents loaded after them.
   */
  @Value.Immutable
  non-sealed interface SetViewport extends PageStep {
    @Override
    default <R> R accept(StepVisitor<R> visitor) {
      return visitor.visitSetViewport(this);
    }

    int width();

    int height();

    /** Device pixels per CSS pixel; the browser's own when empty. */
    OptionalDouble deviceScaleFactor();

    /** Emulates a mobile device's layout viewport (meta viewport honoured). */
    @Value.Default
    default boolean mobile() {
      return false;
    }

    /** Emulates touch input ({@code ontouchstart}, coarse pointer). */
    @Value.Default
    default boolean touch() {
      return false;
    }

    /** Whether the step emulates more than the viewport size. */
    default boolean emulatesDevice() {
      return deviceScaleFactor().isPresent() || mobile() || touch();
    }

    @Override
    default Kind kind() {
      return Kind.SET_VIEWPORT;
    }

    static Builder builder() {
      return new Builder();
    }

    /** Builder of {@link SetViewport}. */
    final class Builder extends ImmutablePageStep.SetViewport.Builder {}
  }

  /**
   * Emulates network conditions for the pages of the run from now on: {@code offline} (every
   * request fails as it does without a network), or throttling ({@code downloadBytesPerSecond},
   * {@code uploadBytesPerSecond}, {@code latencyMs} added to each request). A step with neither is
   * the real network again. It changes nothing on the page, but the steps after it load, fetch and
   * submit under these conditions. Offline is emulated in every browser; throttling needs a driver
   * that can throttle (the Playwright driver on Chromium).
   */
  @Value.Immutable
  non-sealed interface EmulateNetwork extends PageStep {
    @Override
    default <R> R accept(StepVisitor<R> visitor) {
      return visitor.visitEmulateNetwork(this);
    }

    /** Whether the network is cut off; no throughput may be given with it. */
    @Value.Default
    default boolean offline() {
      return false;
    }

    /** Download throughput in bytes per second (at least 0); unthrottled when empty. */
    OptionalInt downloadBytesPerSecond();

    /** Upload throughput in bytes per second (at least 0); unthrottled when empty. */
    OptionalInt uploadBytesPerSecond();

    /** Latency added to each request, in milliseconds (at least 0); none when empty. */
    OptionalInt latencyMs();

    /** Whether the step throttles (any throughput or latency given). */
    default boolean throttles() {
      return downloadBytesPerSecond().isPresent() || uploadBytesPerSecond().isPresent() || latencyMs().isPresent();
    }

    /** Whether the step brings back the real network: neither offline nor throttling. */
    default boolean realNetwork() {
      return !offline() && !throttles();
    }

    @Override
    default Kind kind() {
      return Kind.EMULATE_NETWORK;
    }

    static Builder builder() {
      return new Builder();
    }

    /** Builder of {@link EmulateNetwork}. */
    final class Builder extends ImmutablePageStep.EmulateNetwork.Builder {}
  }
}
