package io.browserflow.formats;

import io.browserflow.api.Condition;
import io.browserflow.api.Flow;
import io.browserflow.api.Step;
import io.browserflow.api.TabAlias;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The {@code target} of an exported step: {@code main} for the flow's first tab, else the URL of
 * the page (popup) the step runs in. The reference replay finds a popup by that exact URL
 * ({@code browser.waitForTarget(t => t.url() === target)}), so a tab alias is never written as a
 * target.
 *
 * <p>A tab's URL is known from {@code tabs[].url}, from its {@code tabNew} or {@code open} url, or
 * from a literal url (one without {@code *}) that a wait, assert or expect checks in the tab before
 * anything else is done there. A step in the tab that navigates it moves it to the new URL: a
 * {@code navigate}/{@code open}, or an asserted navigation ({@code expect url}) — to an unknown one
 * when that url is a glob. A step in a tab whose URL is not known is written without a target, and
 * the export is blocked ({@code TAB_URL_UNKNOWN}, once per alias).
 */
final class ChromeTabTargets {
  private final Map<String, String> url = new HashMap<>();
  private final Map<String, String> opener = new HashMap<>();
  private final Set<String> reported = new HashSet<>();
  private final Issues issues;

  ChromeTabTargets(Flow flow, Issues issues) {
    this.issues = issues;
    for (TabAlias t : flow.tabs()) {
      t.url().filter(ChromeTabTargets::literal).ifPresent(u -> url.put(t.alias(), u));
      t.opener().ifPresent(o -> opener.put(t.alias(), o));
    }
    learnFromChecks(flow.steps());
  }

  /** Whether the url is one page's URL, not a glob of several. */
  static boolean literal(String u) {
    return !u.contains("*");
  }

  /**
   * Learns the URL of a tab nothing declares from the checks at its start: the steps run in a
   * tab until one does more than wait or assert, and a literal url one of them checks is the URL
   * the tab was opened with.
   */
  private void learnFromChecks(List<Step> steps) {
    Map<String, String> known = new HashMap<>(url);
    Set<String> acted = new HashSet<>();
    String tab = ChromeExportState.MAIN;
    for (Step s : steps) {
      if (s.disabled()) {
        continue;
      }
      switch (s.kind()) {
        case TAB_NEW -> {
          Step.TabNew t = (Step.TabNew) s;
          t.url().ifPresent(u -> known.putIfAbsent(t.alias(), u));
          tab = t.alias();
        }
        case TAB_SWITCH -> tab = ((Step.TabSwitch) s).alias();
        case TAB_CLOSE -> {
          String closed = ((Step.TabClose) s).alias().orElse(tab);
          acted.add(closed);
          if (closed.equals(tab)) {
            tab = opener.getOrDefault(closed, ChromeExportState.MAIN);
          }
        }
        case WAIT, ASSERT -> {
          if (!tab.equals(ChromeExportState.MAIN) && !known.containsKey(tab) && !acted.contains(tab)) {
            Optional<String> checked = checkedUrl(s);
            if (checked.isPresent()) {
              known.put(tab, checked.get());
              url.put(tab, checked.get());
            }
          }
        }
        case OPEN -> {
          Step.Open o = (Step.Open) s;
          if (o.tab().isPresent()) {
            tab = o.tab().get();
          }
          acted.add(tab);
        }
        // any other step may act in the tab or navigate it: its URL is no longer the one it opened with
        default -> acted.add(tab);
      }
    }
  }

  /** A literal url a wait or assert (or its expect) checks. */
  private static Optional<String> checkedUrl(Step s) {
    Optional<Condition> main = s instanceof Step.Wait w ? w.until() : s instanceof Step.Assert a ? Optional.of(a.condition()) : Optional.empty();
    Optional<String> u = main.flatMap(ChromeConditionSteps::navigation).filter(ChromeTabTargets::literal);
    if (u.isPresent()) {
      return u;
    }
    for (Condition c : s.expect()) {
      Optional<String> e = ChromeConditionSteps.navigation(c).filter(ChromeTabTargets::literal);
      if (e.isPresent()) {
        return e;
      }
    }
    return Optional.empty();
  }

  /**
   * The target of a step in {@code tab}: {@code main} or the popup's URL; empty (and the export
   * blocked, once per alias) when the tab's URL is not known.
   */
  Optional<String> target(String tab, String path) {
    if (tab.equals(ChromeExportState.MAIN)) {
      return Optional.of(ChromeExportState.MAIN);
    }
    String u = url.get(tab);
    if (u != null) {
      return Optional.of(u);
    }
    if (reported.add(tab)) {
      issues.blocking(ConversionCode.TAB_URL_UNKNOWN, path, "the URL of tab " + tab + " is not known here, and a replay finds a popup "
          + "by its exact URL: the steps in tab " + tab + " are written without a target (the main page). Declare the tab's URL "
          + "(tabs[].url or the tabNew url), or wait for its literal url first in the tab (a wait until url without *)");
    }
    return Optional.empty();
  }

  /** The tab was opened (tabNew, click newTab) from {@code from}, with {@code at} when known. */
  void opened(String alias, String from, Optional<String> at) {
    opener.putIfAbsent(alias, from);
    at.filter(ChromeTabTargets::literal).ifPresent(u -> url.putIfAbsent(alias, u));
  }

  /** A step in {@code tab} navigated it to {@code to}; a glob or empty makes its URL unknown. */
  void navigated(String tab, Optional<String> to) {
    if (tab.equals(ChromeExportState.MAIN)) {
      return;
    }
    if (to.isPresent() && literal(to.get())) {
      url.put(tab, to.get());
    } else {
      url.remove(tab);
      reported.remove(tab);
    }
  }

  /** Whether the tab's URL is known (a step in it can be written with its target). */
  boolean known(String tab) {
    return tab.equals(ChromeExportState.MAIN) || url.containsKey(tab);
  }

  /** The tab the flow returns to when {@code alias} closes. */
  String opener(String alias) {
    return opener.getOrDefault(alias, ChromeExportState.MAIN);
  }
}
