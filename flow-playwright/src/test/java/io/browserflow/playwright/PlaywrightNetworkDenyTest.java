package io.browserflow.playwright;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.browserflow.api.ErrorCode;
import io.browserflow.api.FlowRunException;
import io.browserflow.engine.spi.DriverSession;
import io.browserflow.engine.spi.SessionOptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Network deny mode: requests, images and WebSockets to another origin (a second server on 127.0.0.1,
 * so a request that got through would be seen) are blocked and reported without query strings; the
 * allowed origin keeps working.
 */
@Tag("browser")
class PlaywrightNetworkDenyTest extends ChromiumTest {
  private TestServer elsewhere;

  @BeforeEach
  void otherOrigin() {
    elsewhere = otherOriginServer();
  }

  private DriverSession denying() {
    return session(SessionOptions.builder().artifactsDir(tempDir.resolve("artifacts")).denyNetwork(true)
        .addAllowedOrigins(server.origin()).build());
  }

  @Test
  void should_block_and_report_off_origin_fetches_images_and_websockets() {
    String other = "127.0.0.1:" + elsewhere.port();
    server.page("/own", "ok");
    server.page("/app", page("App", "<p id=\"own\"></p><p id=\"fetch\"></p><p id=\"ws\"></p>"
        + "<img src=\"http://" + other + "/pixel.png?user=ada\">"
        + "<script>"
        + "fetch('/own').then(r => r.text()).then(t => document.getElementById('own').textContent = 'own ' + t);"
        + "fetch('http://" + other + "/api?key=s3cret').then(() => document.getElementById('fetch').textContent = 'reached',"
        + "  () => document.getElementById('fetch').textContent = 'blocked');"
        + "const ws = new WebSocket('ws://" + other + "/socket?token=abc');"
        + "ws.onclose = () => document.getElementById('ws').textContent = 'closed';"
        + "</script>"));
    DriverSession s = denying();

    s.open(server.url("/app"), TIMEOUT);

    awaitText(s, "#own", "own ok");
    awaitText(s, "#fetch", "blocked");
    awaitText(s, "#ws", "closed");
    assertThat(s.blockedRequests()).contains("http://" + other + "/pixel.png", "http://" + other + "/api",
        "ws://" + other + "/socket");
    assertThat(s.blockedRequests()).noneMatch(u -> u.contains("?") || u.contains("s3cret") || u.contains("token"));
    assertThat(elsewhere.requests()).isEmpty();
  }

  @Test
  void should_refuse_to_open_a_page_of_another_origin() {
    elsewhere.page("/page", page("Elsewhere", "<p>x</p>"));
    DriverSession s = denying();

    FlowRunException e = catchThrowableOfType(FlowRunException.class,
        () -> s.open(elsewhere.url("/page?session=42"), SHORT));

    assertThat(e.code()).isEqualTo(ErrorCode.NETWORK_ATTEMPT);
    assertThat(e.getMessage()).doesNotContain("session=42");
    assertThat(s.blockedRequests()).containsExactly(elsewhere.url("/page"));
    assertThat(elsewhere.requests()).isEmpty();
  }

  @Test
  void should_let_everything_through_without_deny_mode() {
    String other = "127.0.0.1:" + elsewhere.port();
    server.page("/open", page("Open", "<p id=\"fetch\"></p><script>fetch('http://" + other + "/api', {mode: 'no-cors'})"
        + ".then(() => document.getElementById('fetch').textContent = 'reached')</script>"));
    DriverSession s = session();

    s.open(server.url("/open"), TIMEOUT);

    awaitText(s, "#fetch", "reached");
    assertThat(s.blockedRequests()).isEmpty();
    assertThat(elsewhere.requests()).contains("/api");
  }

  @Test
  void should_check_every_redirect_hop_before_a_page_or_a_script_request_sends_it() {
    server.redirect("/go", elsewhere.url("/landing?code=1"));
    server.redirectKeepingMethod("/submit", elsewhere.url("/collect"));
    server.redirect("/inside", server.url("/own"));
    server.redirect("/img", elsewhere.url("/pixel.png"));
    server.page("/own", "ok");
    server.page("/app", page("App", "<p id=\"post\"></p><p id=\"inside\"></p><img src=\"/img\">"
        + "<script>"
        + "fetch('/submit', {method: 'POST', body: 'password=s3cret'}).then(() => document.getElementById('post').textContent"
        + "  = 'reached', () => document.getElementById('post').textContent = 'blocked');"
        + "fetch('/inside').then(r => r.text()).then(t => document.getElementById('inside').textContent = 'inside ' + t);"
        + "</script>"));
    DriverSession s = denying();

    s.open(server.url("/app"), TIMEOUT);
    awaitText(s, "#post", "blocked");
    awaitText(s, "#inside", "inside ok");
    FlowRunException away = catchThrowableOfType(FlowRunException.class, () -> s.open(server.url("/go"), SHORT));

    assertThat(away.code()).isEqualTo(ErrorCode.NETWORK_ATTEMPT);
    assertThat(elsewhere.requests()).as("a posted password is not resent elsewhere, a page does not land there")
        .doesNotContain("/collect", "/landing");
    assertThat(s.blockedRequests()).contains(elsewhere.url("/collect"), elsewhere.url("/landing"));
    // an image's hop is not routed: the browser sends it, and it is reported as blocked (a strict run fails)
    assertThat(s.blockedRequests()).contains(elsewhere.url("/pixel.png"));
  }

  @Test
  void should_keep_webrtc_from_sending_udp_around_the_policy_when_launched_confined() throws Exception {
    try (java.net.DatagramSocket stun = new java.net.DatagramSocket(new java.net.InetSocketAddress("127.0.0.1", 0))) {
      int port = stun.getLocalPort();
      server.page("/rtc", page("RTC", "<p id=\"ice\">gathering</p><script>"
          + "const pc = new RTCPeerConnection({iceServers: [{urls: 'stun:127.0.0.1:" + port + "'}]});"
          + "pc.createDataChannel('x');"
          + "pc.onicegatheringstatechange = () => { if (pc.iceGatheringState === 'complete') "
          + "  document.getElementById('ice').textContent = 'complete'; };"
          + "pc.createOffer().then(o => pc.setLocalDescription(o));"
          + "</script>"));
      java.net.DatagramPacket packet = new java.net.DatagramPacket(new byte[1500], 1500);

      try (PlaywrightDriver confined = PlaywrightDriver.launch(LaunchOptions.builder().confined(true).build());
           DriverSession s = confined.openSession(SessionOptions.builder().artifactsDir(tempDir.resolve("confined")).build())) {
        s.open(server.url("/rtc"), TIMEOUT);
        awaitText(s, "#ice", "complete");
        // gathering is over: a request it sent would be queued on the socket by now
        stun.setSoTimeout(1);
        assertThat(org.assertj.core.api.Assertions.catchThrowable(() -> stun.receive(packet)))
            .as("no STUN request reached 127.0.0.1:%s", port).isInstanceOf(java.net.SocketTimeoutException.class);
      }

      // the same page in a browser launched as usual does send one: the check above can fail
      DriverSession open = session();
      open.open(server.url("/rtc"), TIMEOUT);
      stun.setSoTimeout(30_000);
      stun.receive(packet);
      assertThat(packet.getLength()).as("a STUN binding request").isPositive();
    }
  }
}
