package io.browserflow.playwright;

import io.browserflow.api.ErrorCode;
import io.browserflow.api.FlowException.Details;
import io.browserflow.api.FlowRunException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * No Chromium or Chrome executable could be found (or the configured one does not exist). The
 * message says where the driver looked and how to install a browser; {@link #searched()} lists the
 * paths. Carries {@link ErrorCode#BROWSER_NOT_FOUND}.
 */
public class BrowserNotFoundException extends FlowRunException {
  private final transient List<Path> searched;

  BrowserNotFoundException(String what, List<Path> searched) {
    super(ErrorCode.BROWSER_NOT_FOUND, what + ". Install Chromium (Debian/Ubuntu: `apt-get install -y chromium`; "
        + "elsewhere: install Google Chrome or Chromium) or point BROWSERFLOW_CHROMIUM (or "
        + "LaunchOptions.executablePath) at a Chromium/Chrome executable. Searched: "
        + searched.stream().map(Path::toString).collect(Collectors.joining(", ")),
        Map.of(Details.SEARCHED, searched.stream().map(Path::toString).collect(Collectors.joining(", "))));
    this.searched = List.copyOf(searched);
  }

  /** The paths that were tried, in order. */
  public List<Path> searched() {
    return searched;
  }
}
