package io.browserflow.playwright;

import io.browserflow.api.ErrorCode;
import io.browserflow.api.FlowException.Details;
import io.browserflow.api.FlowRunException;
import io.browserflow.engine.Caller;
import io.browserflow.engine.Remedies;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * No Chromium or Chrome executable could be found (or the configured one does not exist). The
 * message says where the driver looked and how to install a browser, in the Java API's terms;
 * {@link #message(Caller)} words it for another caller (the command line's flags, the JUnit
 * extension's attributes); {@link #searched()} lists the paths. Carries
 * {@link ErrorCode#BROWSER_NOT_FOUND}.
 */
public class BrowserNotFoundException extends FlowRunException {
  private final transient List<Path> searched;
  private final String what;

  BrowserNotFoundException(String what, List<Path> searched) {
    super(ErrorCode.BROWSER_NOT_FOUND, text(what, searched, Caller.API),
        Map.of(Details.SEARCHED, searched.stream().map(Path::toString).collect(Collectors.joining(", "))));
    this.searched = List.copyOf(searched);
    this.what = what;
  }

  private static String text(String what, List<Path> searched, Caller caller) {
    return what + ". Install Chromium (Debian/Ubuntu: `apt-get install -y chromium`; elsewhere: install Google Chrome "
        + "or Chromium), or " + Remedies.browser(caller) + ". Searched: "
        + searched.stream().map(Path::toString).collect(Collectors.joining(", "));
  }

  /** The message worded for {@code caller}: what it can set to point BrowserFlow at a browser. */
  public String message(Caller caller) {
    return text(what, searched, caller);
  }

  /** The paths that were tried, in order. */
  public List<Path> searched() {
    return searched;
  }
}
