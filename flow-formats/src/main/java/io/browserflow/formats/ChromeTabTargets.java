package io.browserflow.formats;

import io.browserflow.api.Condition;
import io.browserflow.api.Flow;
import io.browserflow.api.Step;
import io.browserflow.api.PageStep;
import io.browserflow.api.CheckStep;
import io.browserflow.api.StepFamilyVisitor;
import io.browserflow.api.StepVisitor;
import io.browserflow.api.TabAlias;
import java.util.ArrayList;
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
    Walk walk = new Walk();
    for (Step s : steps) {
      if (!s.disabled()) {
        s.accept(walk);
      }
    }
  }

  /** Follows the flow's tabs through its top-level steps, learning popup URLs from the checks at their start. */
  private final class Walk implements StepFamilyVisitor<Void> {
    private final Map<String, String> known = new HashMap<>(url);
    private final Set<String> acted = new HashSet<>();
    private String tab = ChromeExportState.MAIN;

    @Override
    public Void visitTabNew(PageStep.TabNew t) {
      t.url().ifPresent(u -> known.putIfAbsent(t.alias(), u));
      tab = t.alias();
      return null;
    }

    @Override
    public Void visitTabSwitch(PageStep.TabSwitch t) {
      tab = t.alias();
      return null;
    }

    @Override
    public Void visitTabClose(PageStep.TabClose t) {
      String closed = t.alias().orElse(tab);
      acted.add(closed);
      if (closed.equals(tab)) {
        tab = opener.getOrDefault(closed, ChromeExportState.MAIN);
      }
      return null;
    }

    @Override
    public Void visitOpen(PageStep.Open o) {
      if (o.tab().isPresent()) {
        tab = o.tab().get();
      }
      return acted();
    }

    @Override
    public Void visitWait(CheckStep.Wait w) {
      return checks(w.until(), w);
    }

    @Override
    public Void visitAssert(CheckStep.Assert a) {
      return checks(Optional.of(a.condition()), a);
    }

    private Void checks(Optional<Condition> main, Step s) {
      if (tab.equals(ChromeExportState.MAIN) || known.containsKey(tab) || acted.contains(tab)) {
        return null;
      }
      List<Condition> all = new ArrayList<>();
      main.ifPresent(all::add);
      all.addAll(s.expect());
      for (Condition c : all) {
        Optional<String> u = ChromeConditionSteps.navigation(c).filter(ChromeTabTargets::literal);
        if (u.isPresent()) {
          known.put(tab, u.get());
          url.put(tab, u.get());
          return null;
        }
      }
      return null;
    }

    /** The step may act in the tab or navigate it: its URL is no longer the one it opened with. */
    private Void acted() {
      acted.add(tab);
      return null;
    }

    // they act in the tab
    @Override public Void visitStep(Step step) { return acted(); }
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
