package io.browserflow.playwright.recorder;

import io.browserflow.api.Condition;
import io.browserflow.api.Flow;
import io.browserflow.api.Step;
import io.browserflow.api.PageStep;
import io.browserflow.api.TabAlias;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The tab and frame a replay of the steps recorded so far will be in: each tab alias with its
 * opener and the URL its main frame showed last, the current tab and the frames entered in it.
 * Before an event from elsewhere, {@link #sync} records the tab switch and frame steps that take
 * the replay there.
 */
final class ReplayContext {
  private static final class Tab {
    final String opener;
    String url;

    Tab(String opener) {
      this.opener = opener;
    }
  }

  private final DraftSteps steps;
  private final Map<String, Tab> tabs = new LinkedHashMap<>();
  private String currentTab = DraftBuilder.MAIN;
  private List<String> currentFrames = List.of(); // null: unknown after a navigation
  private int popups;
  private int tabsAdded;

  ReplayContext(DraftSteps steps) {
    this.steps = steps;
    tabs.put(DraftBuilder.MAIN, new Tab(null));
  }

  boolean knows(String alias) {
    return tabs.containsKey(alias);
  }

  int tabCount() {
    return tabs.size();
  }

  String currentTab() {
    return currentTab;
  }

  /** The URL the main frame of {@code alias} showed last; null when none yet (or no such tab). */
  String url(String alias) {
    Tab t = tabs.get(alias);
    return t == null ? null : t.url;
  }

  /** The main frame of {@code alias} (a known tab) now shows {@code url}; frames entered in it are gone or unknown. */
  void shows(String alias, String url) {
    tabs.get(alias).url = url;
    if (alias.equals(currentTab) && currentFrames != null && !currentFrames.isEmpty()) {
      currentFrames = null;
    }
  }

  /** Binds a popup of {@code openerTab} to a new alias; the current tab stays. */
  String bindPopup(String openerTab) {
    String alias = "popup" + (++popups);
    tabs.put(alias, new Tab(openerTab));
    return alias;
  }

  /** Binds a tab opened by hand (showing {@code url}, null when blank) to a new alias, opened from the current tab. */
  String bindNewTab(String url) {
    String alias = "tab" + (++tabsAdded + 1);
    while (tabs.containsKey(alias)) {
      alias = "tab" + (++tabsAdded + 1);
    }
    Tab t = new Tab(currentTab);
    t.url = url;
    tabs.put(alias, t);
    return alias;
  }

  /** Forgets an alias whose step could not be recorded. */
  void unbind(String alias) {
    tabs.remove(alias);
  }

  /** The replay is now in the main frame of {@code alias} (its {@code tabNew} step). */
  void switchedTo(String alias) {
    currentTab = alias;
    currentFrames = List.of();
  }

  /**
   * {@code alias} (not the main tab) was closed: when it was current and a {@code tabClose} step
   * closed it, its opener (or the main tab) becomes current, as in the replay; when the page closed
   * itself (a popup after saving), no tab is current, so the next step switches to its tab explicitly.
   */
  void closed(String alias, boolean byPage) {
    Tab t = tabs.get(alias);
    if (currentTab.equals(alias)) {
      currentTab = byPage ? "" : t.opener == null || !tabs.containsKey(t.opener) ? DraftBuilder.MAIN : t.opener;
      currentFrames = List.of();
    }
  }

  /** Emits the tab switch and frame steps that put the replay where the next event happened. */
  void sync(String tab, DraftBuilder.FrameRef frame, long now) {
    if (!tab.equals(currentTab)) {
      PageStep.TabSwitch.Builder b = PageStep.TabSwitch.builder().id(steps.id()).alias(tab).title("Switch to tab " + tab);
      String url = tabs.get(tab).url;
      if (url != null) {
        b.addExpect(Condition.Url.of(UrlGlobs.of(url)));
      }
      steps.add(b.build(), tab, now, "", false);
      currentTab = tab;
      currentFrames = List.of();
    }
    List<String> want = frame.owners;
    if (currentFrames != null && currentFrames.equals(want)) {
      return;
    }
    int from;
    if (currentFrames != null && currentFrames.size() < want.size() && want.subList(0, currentFrames.size()).equals(currentFrames)) {
      from = currentFrames.size();
    } else {
      steps.add(PageStep.FrameMain.builder().id(steps.id()).title("Back to the main frame").build(), tab, now, "", false);
      from = 0;
    }
    for (int i = from; i < want.size(); i++) {
      String url = i < frame.urls.size() ? frame.urls.get(i) : "";
      steps.add(PageStep.Frame.builder().id(steps.id()).locator(want.get(i))
          .title("Enter the frame " + want.get(i) + (url.isEmpty() || url.equals("about:blank") ? "" : " showing " + UrlGlobs.of(url)))
          .build(), tab, now, "", false);
    }
    currentFrames = want;
  }

  /** Declares every tab alias but the main one, with its opener. */
  void declareIn(Flow.Builder b) {
    tabs.forEach((alias, t) -> {
      if (!alias.equals(DraftBuilder.MAIN)) {
        TabAlias.Builder ta = TabAlias.builder().alias(alias);
        if (t.opener != null) {
          ta.opener(t.opener);
        }
        b.addTabs(ta.build());
      }
    });
  }
}
