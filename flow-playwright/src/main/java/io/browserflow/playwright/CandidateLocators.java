package io.browserflow.playwright;

import com.microsoft.playwright.Frame;
import com.microsoft.playwright.Locator;
import com.microsoft.playwright.options.AriaRole;
import io.browserflow.api.Candidate;
import io.browserflow.api.ErrorCode;
import io.browserflow.api.FlowRunException;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Maps a candidate to a Playwright locator (creating one never talks to the browser):
 * <ul>
 *   <li>testId: any of {@code data-testid}, {@code data-test}, {@code data-cy}, {@code data-qa} equal
 *       to the value (one css selector list, so an element carrying two of them counts once);</li>
 *   <li>id: {@code [id="..."]} (works for ids that are not valid css identifiers);</li>
 *   <li>role (+ name): {@code getByRole} with the exact accessible name, hidden elements included
 *       (matching counts hidden elements like every other kind; visibility is an actionability question);</li>
 *   <li>label, placeholder, text: {@code getByLabel} / {@code getByPlaceholder} / {@code getByText}, exact
 *       (whole string, case-sensitive, whitespace normalized);</li>
 *   <li>css: as written (Playwright's css pierces open shadow roots); xpath: {@code xpath=} (does not
 *       pierce shadow roots);</li>
 *   <li>aria: the union ({@code Locator.or}) of {@code getByRole(role, name exact)} over every role
 *       an element of the frame may have ({@link AriaRoles}; at worst every role Playwright knows,
 *       {@link AriaRole}), hidden elements excluded as role queries exclude them
 *       (Chrome Recorder's {@code aria/Name} asks the accessibility tree, which leaves them out too);</li>
 *   <li>textContains: the {@link TextContainsEngine} selector engine, registered on the driver's
 *       Playwright instance.</li>
 * </ul>
 * A shadow path scopes the candidate inside the given hosts, outermost first.
 */
final class CandidateLocators {
  static final List<String> TEST_ID_ATTRIBUTES = List.of("data-testid", "data-test", "data-cy", "data-qa");

  private CandidateLocators() {}

  static Locator locate(Frame frame, List<String> shadowPath, Candidate c) {
    return locate(frame, shadowPath, c, null);
  }

  /** As {@link #locate(Frame, List, Candidate)}, an aria candidate asking for {@code roles} (null: {@link AriaRoles#of}). */
  static Locator locate(Frame frame, List<String> shadowPath, Candidate c, Set<AriaRole> roles) {
    Locator own = c.kind() == Candidate.Kind.ARIA && roles != null ? anyRoleNamed(frame, c.value(), roles) : forFrame(frame, c);
    if (shadowPath.isEmpty()) {
      return own;
    }
    Locator base = frame.locator(shadowPath.get(0));
    for (int i = 1; i < shadowPath.size(); i++) {
      base = base.locator(shadowPath.get(i));
    }
    return base.locator(own);
  }

  private static Locator forFrame(Frame frame, Candidate c) {
    return switch (c.kind()) {
      case TEST_ID -> frame.locator(testIdCss(c.value()));
      case ID -> frame.locator("[id=" + cssString(c.value()) + "]");
      case ROLE -> {
        Frame.GetByRoleOptions o = new Frame.GetByRoleOptions().setIncludeHidden(true);
        c.name().ifPresent(n -> o.setName(n).setExact(true));
        yield frame.getByRole(role(c.value()), o);
      }
      case LABEL -> frame.getByLabel(c.value(), new Frame.GetByLabelOptions().setExact(true));
      case PLACEHOLDER -> frame.getByPlaceholder(c.value(), new Frame.GetByPlaceholderOptions().setExact(true));
      case TEXT -> frame.getByText(c.value(), new Frame.GetByTextOptions().setExact(true));
      case CSS -> frame.locator(c.value());
      case XPATH -> frame.locator("xpath=" + c.value());
      case ARIA -> anyRoleNamed(frame, c.value(), AriaRoles.of(frame));
      case TEXT_CONTAINS -> frame.locator(TextContainsEngine.selector(c.value()));
    };
  }

  private static Locator anyRoleNamed(Frame frame, String name, Set<AriaRole> roles) {
    Frame.GetByRoleOptions o = new Frame.GetByRoleOptions().setName(name).setExact(true);
    Locator union = null;
    for (AriaRole role : roles) {
      Locator one = frame.getByRole(role, o);
      union = union == null ? one : union.or(one);
    }
    // named by aria-label / aria-labelledby where the role prohibits a name (Chromium still names them)
    return union.or(frame.locator(AriaNameEngine.selector(name)));
  }

  static String testIdCss(String value) {
    String v = cssString(value);
    return TEST_ID_ATTRIBUTES.stream().map(a -> "[" + a + "=" + v + "]").collect(Collectors.joining(","));
  }

  static AriaRole role(String role) {
    String r = role.trim().toUpperCase(Locale.ROOT);
    try {
      return AriaRole.valueOf(r);
    } catch (IllegalArgumentException e) {
      throw new FlowRunException(ErrorCode.UNSUPPORTED_STEP, "unknown ARIA role '" + role + "'");
    }
  }

  /** A double-quoted css string. */
  static String cssString(String value) {
    StringBuilder sb = new StringBuilder("\"");
    for (int i = 0; i < value.length(); i++) {
      char ch = value.charAt(i);
      if (ch == '"' || ch == '\\') {
        sb.append('\\').append(ch);
      } else if (ch == '\n') {
        sb.append("\\a ");
      } else if (ch == '\r') {
        sb.append("\\d ");
      } else {
        sb.append(ch);
      }
    }
    return sb.append('"').toString();
  }
}
