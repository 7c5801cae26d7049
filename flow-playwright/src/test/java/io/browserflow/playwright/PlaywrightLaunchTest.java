package io.browserflow.playwright;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.browserflow.api.ErrorCode;
import io.browserflow.engine.spi.PageDriverProvider;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.ServiceLoader;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Finding and launching the browser, without starting one: search order, failure messages, options, the provider. */
@Tag("browser")
class PlaywrightLaunchTest {
  @TempDir
  Path dir;

  private Path executable(String name) throws Exception {
    Path p = dir.resolve(name);
    Files.createDirectories(p.getParent());
    Files.writeString(p, "#!/bin/sh\n");
    Files.setPosixFilePermissions(p, PosixFilePermissions.fromString("rwxr-xr-x"));
    return p;
  }

  @Test
  void should_fail_with_install_advice_when_the_configured_browser_does_not_exist() {
    Path bogus = dir.resolve("no-such-chromium");

    BrowserNotFoundException e = catchThrowableOfType(BrowserNotFoundException.class,
        () -> PlaywrightDriver.launch(LaunchOptions.builder().executablePath(bogus).build()));

    assertThat(e.code()).isEqualTo(ErrorCode.BROWSER_NOT_FOUND);
    assertThat(e.getMessage()).contains(bogus.toString(), "apt-get install -y chromium", "BROWSERFLOW_CHROMIUM");
    assertThat(e.searched()).containsExactly(bogus);
  }

  @Test
  void should_resolve_the_configured_browser_for_callers_that_launch_it_themselves() throws Exception {
    Path configured = executable("their-chromium");
    Path bogus = dir.resolve("no-such-chromium");

    assertThat(PlaywrightDriver.chromiumFor(LaunchOptions.builder().executablePath(configured).build())).isEqualTo(configured);
    BrowserNotFoundException e = catchThrowableOfType(BrowserNotFoundException.class,
        () -> PlaywrightDriver.chromiumFor(LaunchOptions.builder().executablePath(bogus).build()));
    assertThat(e.searched()).containsExactly(bogus);
    assertThat(e.getMessage()).contains("apt-get install -y chromium");
  }

  @Test
  void should_prefer_the_environment_variable_to_the_well_known_places() throws Exception {
    Path configured = executable("my-chromium");
    ChromiumSearch search = new ChromiumSearch("Linux", dir.toString(), Map.of("BROWSERFLOW_CHROMIUM", configured.toString())::get);

    assertThat(search.find(Optional.empty())).isEqualTo(configured);
  }

  @Test
  void should_search_chromium_then_chrome_then_playwright_browsers_in_order() throws Exception {
    Path cache = dir.resolve(".cache/ms-playwright");
    Files.createDirectories(cache.resolve("chromium-1100/chrome-linux64"));
    Files.createDirectories(cache.resolve("chromium-1200/chrome-linux64"));
    ChromiumSearch search = new ChromiumSearch("Linux", dir.toString(), Map.<String, String>of()::get);

    assertThat(search.candidates()).startsWith(Path.of("/usr/bin/chromium"), Path.of("/usr/bin/chromium-browser"))
        .contains(Path.of("/usr/bin/google-chrome"), Path.of("/opt/google/chrome/chrome"))
        .endsWith(cache.resolve("chromium-1200/chrome-linux64/chrome"), cache.resolve("chromium-1200/chrome-linux/chrome"),
            cache.resolve("chromium-1100/chrome-linux64/chrome"), cache.resolve("chromium-1100/chrome-linux/chrome"));
  }

  @Test
  void should_launch_a_headless_shell_headless_and_the_full_browser_headed() throws Exception {
    Path full = executable("Library/Caches/ms-playwright/chromium-1200/chrome-mac/Chromium.app/Contents/MacOS/Chromium");
    executable("Library/Caches/ms-playwright/chromium_headless_shell-1100/chrome-headless-shell-mac-arm64/chrome-headless-shell");
    Path shell = executable("Library/Caches/ms-playwright/chromium_headless_shell-1200/chrome-headless-shell-mac-arm64/chrome-headless-shell");
    ChromiumSearch search = new ChromiumSearch("Mac OS X", dir.toString(), Map.<String, String>of()::get);

    assertThat(search.find(Optional.empty(), true)).isEqualTo(shell);
    assertThat(search.find(Optional.empty(), false)).isEqualTo(full);
    assertThat(search.find(Optional.empty())).as("the full browser unless headless is asked for").isEqualTo(full);
  }

  @Test
  void should_launch_the_configured_browser_headless_too() throws Exception {
    executable("Library/Caches/ms-playwright/chromium_headless_shell-1200/chrome-headless-shell-mac-arm64/chrome-headless-shell");
    Path configured = executable("my-chromium");
    ChromiumSearch search = new ChromiumSearch("Mac OS X", dir.toString(), Map.of("BROWSERFLOW_CHROMIUM", configured.toString())::get);

    assertThat(search.find(Optional.empty(), true)).isEqualTo(configured);
  }

  @Test
  void should_tell_a_headless_shell_by_its_name() {
    assertThat(ChromiumSearch.isHeadlessShell(Path.of("/usr/lib/chromium/chromium-headless-shell"))).isTrue();
    assertThat(ChromiumSearch.isHeadlessShell(Path.of("/cache/chromium_headless_shell-1200/chrome-linux/headless_shell"))).isTrue();
    assertThat(ChromiumSearch.isHeadlessShell(Path.of("/usr/bin/chromium"))).isFalse();
  }

  @Test
  void should_look_for_debians_headless_shell_first_on_linux() {
    ChromiumSearch search = new ChromiumSearch("Linux", dir.toString(), Map.<String, String>of()::get);

    assertThat(search.headlessShells()).startsWith(Path.of("/usr/lib/chromium/chromium-headless-shell"));
  }

  @Test
  void should_say_what_it_searched_when_nothing_is_installed() {
    ChromiumSearch search = new ChromiumSearch("Windows 11", dir.toString(), Map.<String, String>of()::get);

    BrowserNotFoundException e = catchThrowableOfType(BrowserNotFoundException.class, () -> search.find(Optional.empty()));

    assertThat(e.getMessage()).contains("no Chromium or Chrome found", "apt-get install -y chromium");
    assertThat(e.searched()).isNotEmpty();
  }

  @Test
  void should_fail_clearly_when_the_executable_is_not_a_browser() throws Exception {
    Path fake = executable("fake-browser");

    assertThatThrownBy(() -> PlaywrightDriver.launch(LaunchOptions.builder().executablePath(fake)
        .launchTimeout(Duration.ofSeconds(10)).build()))
        .isInstanceOf(io.browserflow.api.FlowRunException.class)
        .hasMessageContaining("could not launch " + fake);
  }

  @Test
  void should_reject_invalid_launch_options() {
    assertThatThrownBy(() -> LaunchOptions.builder().slowMo(Duration.ofMillis(-1)).build())
        .isInstanceOf(IllegalStateException.class).hasMessageContaining("slowMo");
    assertThatThrownBy(() -> LaunchOptions.builder().launchTimeout(Duration.ZERO).build())
        .isInstanceOf(IllegalStateException.class).hasMessageContaining("launchTimeout");
    assertThat(LaunchOptions.defaults().headless()).isTrue();
  }

  @Test
  void should_be_found_by_the_service_loader_as_playwright_chromium() {
    assertThat(ServiceLoader.load(PageDriverProvider.class).stream().map(ServiceLoader.Provider::get)
        .map(PageDriverProvider::name)).contains("playwright-chromium");
  }
}
