package io.browserflow.playwright;

import static org.assertj.core.api.Assertions.assertThat;

import com.microsoft.playwright.Frame;
import com.microsoft.playwright.Locator;
import com.microsoft.playwright.options.AriaRole;
import io.browserflow.api.Candidate;
import io.browserflow.engine.spi.DriverSession;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * An {@code aria} candidate asks only the roles {@link AriaRoles} finds in the frame: on pages with
 * many kinds of elements, every name counts the same elements as the union over every role
 * Playwright knows.
 */
@Tag("browser")
class PlaywrightAriaRolesTest extends ChromiumTest {
  private static final List<String> NAMES = List.of("Save", "Home", "Email", "Agree", "Menu", "Total", "Logo",
      "Volume", "Search", "Details", "Row 1", "Main", "Tab A", "Custom", "Shadow", "Nothing like it");

  /** Each name on elements of several roles, implicit and explicit, in shadow roots and custom elements. */
  private static final String RICH = "<header><nav aria-label='Menu'><ul><li><a href='#h'>Home</a></li>"
      + "<li><a href='#s' aria-label='Save'>S</a></li></ul></nav></header>"
      + "<main aria-label='Main'><h1>Save</h1><form aria-label='Email'><label>Email <input type='email'></label>"
      + "<label><input type='checkbox'> Agree</label><label><input type='radio' name='r'> Agree</label>"
      + "<input type='range' aria-label='Volume'><input type='search' aria-label='Search'>"
      + "<input type='number' aria-label='Total'><select aria-label='Menu'><option>Save</option></select>"
      + "<select multiple aria-label='Details'><option>Home</option></select><textarea aria-label='Details'></textarea>"
      + "<button>Save</button><input type='submit' value='Save'><input type='image' alt='Logo' src='data:,'>"
      + "</form><img alt='Logo' src='data:,'><svg aria-label='Logo' role='img'></svg>"
      + "<table aria-label='Total'><tr><th>Row 1</th><td>Row 1</td></tr></table>"
      + "<details><summary>Details</summary>Home</details><progress aria-label='Total'></progress>"
      + "<meter aria-label='Volume' value='0.5'></meter><output aria-label='Total'>3</output>"
      + "<dialog open aria-label='Save'>Save</dialog><fieldset><legend>Agree</legend></fieldset>"
      + "<div role='tablist'><div role='tab'>Tab A</div></div><div role='switch' aria-checked='true'>Agree</div>"
      + "<div role='menuitemcheckbox'>Save</div><span role='status'>Total</span><div role='treeitem'>Home</div>"
      + "<x-widget role='button'>Custom</x-widget><x-plain>Custom</x-plain><div id='host'></div>"
      + "<section aria-label='Search'>Search</section><aside aria-label='Home'></aside><article aria-label='Save'></article>"
      + "</main><footer aria-label='Total'></footer>"
      + "<script>document.getElementById('host').attachShadow({mode: 'open'}).innerHTML ="
      + " \"<button>Shadow</button><a href='#'>Shadow</a><h2>Save</h2><input type='checkbox' aria-label='Shadow'>\";</script>";

  /** A tag the role table does not know: every role is asked. */
  private static final String UNKNOWN_TAG = "<button>Save</button><blinker role='link'>Save</blinker><foo>Save</foo>";

  @Test
  void should_count_every_name_as_the_union_over_every_role_does() {
    assertSameCounts(showing("/aria-rich", RICH));
  }

  @Test
  void should_count_as_every_role_does_on_a_page_with_an_unknown_tag() {
    DriverSession s = showing("/aria-unknown", UNKNOWN_TAG);
    assertSameCounts(s);
    Integer asked = ((PlaywrightSession) s).withPage(p -> AriaRoles.of(p.mainFrame()).size());
    assertThat(asked).as("an unknown tag: every role").isEqualTo(AriaRole.values().length);
  }

  @Test
  void should_ask_fewer_roles_than_playwright_knows_on_an_ordinary_page() {
    DriverSession s = showing("/aria-few", "<button>Save</button><a href='#'>Home</a><input aria-label='Email'>");
    Integer asked = ((PlaywrightSession) s).withPage(p -> AriaRoles.of(p.mainFrame()).size());
    assertThat(asked).isLessThan(AriaRole.values().length / 2);
    assertSameCounts(s);
  }

  private static void assertSameCounts(DriverSession s) {
    Map<String, int[]> counts = ((PlaywrightSession) s).withPage(p -> {
      Frame f = p.mainFrame();
      AriaRoles.forget(f);
      Map<String, int[]> m = new LinkedHashMap<>();
      for (String name : NAMES) {
        int reduced = CandidateLocators.locate(f, List.of(), Candidate.aria(name)).count();
        m.put(name, new int[] {reduced, everyRole(f, name).count()});
      }
      return m;
    });
    int nonZero = 0;
    for (Map.Entry<String, int[]> e : counts.entrySet()) {
      assertThat(e.getValue()[0]).as("elements named " + e.getKey()).isEqualTo(e.getValue()[1]);
      nonZero += e.getValue()[1] > 0 ? 1 : 0;
    }
    assertThat(nonZero).as("the page names elements").isGreaterThan(0);
  }

  private static Locator everyRole(Frame f, String name) {
    Frame.GetByRoleOptions o = new Frame.GetByRoleOptions().setName(name).setExact(true);
    Locator union = null;
    for (AriaRole role : AriaRole.values()) {
      Locator one = f.getByRole(role, o);
      union = union == null ? one : union.or(one);
    }
    return union.or(f.locator(AriaNameEngine.selector(name)));
  }
}
