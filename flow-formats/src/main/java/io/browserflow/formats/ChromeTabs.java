package io.browserflow.formats;

import io.browserflow.api.Step;
import io.browserflow.api.PageStep;
import io.browserflow.api.InteractionStep;
import io.browserflow.api.StepFamilyVisitor;
import io.browserflow.api.StepVisitor;
import io.browserflow.api.TabAlias;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The pages of a recording as tabs: {@code main}, and each other page a step's {@code target}
 * names as a popup alias ({@code popup}, {@code popup2}, ...) bound by the click right before it
 * ({@code newTab}). A target URL no click right before opened is an out-of-process iframe, as
 * the reference finds it when no page has that URL: the step runs inside the frame with that URL
 * ({@code frame url:...} from the tab's main frame). A step in another tab or frame than the one
 * before switches to it first; {@code close} closes a tab.
 */
final class ChromeTabs {
  private final ChromeImportState st;
  private final Map<String, String> aliasOfTarget = new HashMap<>();
  private final Map<String, TabAlias> tabs = new LinkedHashMap<>();
  /** Out-of-process frame targets, with the tab whose page embeds them. */
  private final Map<String, String> tabOfFrame = new HashMap<>();

  ChromeTabs(ChromeImportState st) {
    this.st = st;
  }

  /** Switches to the tab (and out-of-process frame) of the step's target first, when it is another one. */
  void enter(ChromeStep s, String p) {
    String target = s.target;
    String frameTab = tabOfFrame.get(target);
    if (frameTab == null && isOther(target) && !aliasOfTarget.containsKey(target) && !popupOf(target)) {
      frameTab = st.current;
      tabOfFrame.put(target, frameTab);
      st.refs(target);
      st.issues.info(ConversionCode.TARGET_ENTERED_AS_FRAME, p + ".target", "no click right before this step opens the page "
          + target + "; the step runs in the frame with that URL (an out-of-process iframe), as the reference finds it");
    }
    if (st.frameTarget != null && !st.frameTarget.equals(target)) {
      st.add(PageStep.FrameMain.builder().id(st.id()).build());
      st.frameTarget = null;
    }
    String alias = frameTab != null ? frameTab : alias(s, p);
    if (!alias.equals(st.current)) {
      st.add(PageStep.TabSwitch.builder().id(st.id()).alias(alias).build());
      st.current = alias;
    }
    if (frameTab != null && st.frameTarget == null) {
      st.add(PageStep.Frame.builder().id(st.id()).locator("url:" + target).build());
      st.frameTarget = target;
    }
  }

  private static boolean isOther(String target) {
    return !target.isEmpty() && !target.equals(ChromeImportState.MAIN);
  }

  /** Whether the target is a popup: the page the tab shows, or one the click right before can open. */
  private boolean popupOf(String target) {
    if (!st.current.equals(ChromeImportState.MAIN) && target.equals(st.lastUrlOfTab.get(st.current))) {
      return true;
    }
    Integer last = st.lastStepOfTab.get(st.current);
    return last != null && opening(st.steps.get(last), "popup").isPresent();
  }

  /**
   * The tab alias of the step's {@code target}: main, a popup seen before, or a new popup bound by
   * the click before it ({@code newTab}); {@link #enter} and {@link #close} make every other target
   * a frame or leave it out before asking.
   */
  private String alias(ChromeStep s, String p) {
    String target = s.target;
    if (target.isEmpty() || target.equals(ChromeImportState.MAIN)) {
      return ChromeImportState.MAIN;
    }
    String known = aliasOfTarget.get(target);
    if (known != null) {
      return known;
    }
    if (!st.current.equals(ChromeImportState.MAIN) && target.equals(st.lastUrlOfTab.get(st.current))) {
      aliasOfTarget.put(target, st.current);
      return st.current;
    }
    String alias = "popup";
    for (int n = 2; tabs.containsKey(alias) || alias.equals(ChromeImportState.MAIN); n++) {
      alias = "popup" + n;
    }
    tabs.put(alias, TabAlias.builder().alias(alias).url(target).opener(st.current).build());
    aliasOfTarget.put(target, alias);
    st.lastUrlOfTab.put(alias, target);
    st.refs(target);
    Integer last = st.lastStepOfTab.get(st.current);
    Optional<Step> opener = last == null ? Optional.empty() : opening(st.steps.get(last), alias);
    st.steps.set(last, opener.orElseThrow()); // enter() made it a frame otherwise
    return alias;
  }

  void close(ChromeStep s, String p) {
    if (tabOfFrame.containsKey(s.target)
        || isOther(s.target) && !aliasOfTarget.containsKey(s.target) && !popupOf(s.target)) {
      st.issues.warning(ConversionCode.UNSUPPORTED_OPTION, p + ".target", "close on " + s.target
          + ", a frame or a page no step opened, does nothing in the reference (it closes pages only); it is left out");
      return;
    }
    if (st.frameTarget != null) {
      st.add(PageStep.FrameMain.builder().id(st.id()).build());
      st.frameTarget = null;
    }
    String alias = alias(s, p);
    st.add(st.withCommon(PageStep.TabClose.builder().id(st.id()).alias(alias).build(), s, p));
    if (alias.equals(st.current)) {
      TabAlias t = tabs.get(alias);
      st.current = t != null && t.opener().isPresent() ? t.opener().get() : ChromeImportState.MAIN;
    }
    aliasOfTarget.values().removeIf(alias::equals);
    st.mapped++;
  }

  /** {@code before} binding the popup {@code alias}, when it is a click that binds no tab yet. */
  private static Optional<Step> opening(Step before, String alias) {
    return before.accept(new StepFamilyVisitor<Optional<Step>>() {
      @Override
      public Optional<Step> visitClick(InteractionStep.Click c) {
        return c.newTab().isEmpty() ? Optional.of(InteractionStep.Click.builder().from(c).newTab(alias).build()) : Optional.empty();
      }

      // no other step binds a popup
      @Override public Optional<Step> visitStep(Step step) { return Optional.empty(); }
    });
  }

  /** The tab aliases the recording's pages became, in the order met. */
  Collection<TabAlias> declared() {
    return tabs.values();
  }
}
