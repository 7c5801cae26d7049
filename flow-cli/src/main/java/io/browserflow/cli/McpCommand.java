package io.browserflow.cli;

import io.browserflow.engine.spi.PageDriver;
import io.browserflow.playwright.LaunchOptions;
import io.browserflow.playwright.PlaywrightDriver;
import io.modelcontextprotocol.server.transport.DefaultServerTransportSecurityValidator;
import io.modelcontextprotocol.server.transport.HttpServletStreamableServerTransportProvider;
import io.modelcontextprotocol.server.transport.StdioServerTransportProvider;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.CountDownLatch;
import java.util.function.Supplier;
import org.eclipse.jetty.ee10.servlet.ServletContextHandler;
import org.eclipse.jetty.ee10.servlet.ServletHolder;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code browserflow mcp --flows DIR}: an MCP server publishing each approved flow of DIR as a tool,
 * over stdio (the default) or streamable HTTP on 127.0.0.1 ({@code --http PORT}, served by Jetty).
 */
@Command(name = "mcp", mixinStandardHelpOptions = true, sortOptions = false,
    description = "Serve the approved flows of a folder as MCP tools (flow_<id>): over stdio by default, or over "
        + "streamable HTTP at http://127.0.0.1:PORT/mcp with --http PORT. A flow is published when "
        + "browserflow-approvals.json in the folder approves its exact digest (browserflow review FLOW --approve); a "
        + "changed or added file is re-read and its tool updated, an unapproved one withdrawn. Secrets come from "
        + "the environment (BROWSERFLOW_CREDENTIAL_<KEY>) or --credentials FILE, never from calls.",
    exitCodeListHeading = "%nExit codes:%n",
    exitCodeList = {"0:the client closed the session (stdio) or the server was stopped", "2:bad usage"})
final class McpCommand extends CliCommand {
  @Option(names = "--flows", required = true, paramLabel = "DIR", description = "The folder of *.flow.json files and its approvals file.")
  Path flows;

  @Option(names = "--http", paramLabel = "PORT", description = "Serve streamable HTTP on 127.0.0.1:PORT (0: a free port, "
      + "printed on stderr) instead of stdio.")
  Integer http;

  @Option(names = "--token-file", paramLabel = "FILE", description = "With --http: the bearer token clients must send "
      + "(Authorization: Bearer TOKEN), read from FILE (owner-only), or written to it when it does not exist; "
      + "BROWSERFLOW_MCP_TOKEN gives one instead. The token is never printed.")
  Path tokenFile;

  @Option(names = "--credentials", paramLabel = "FILE", description = "A properties file of credentials, readable by its "
      + "owner only: FLOW_ID/KEY=VALUE goes to that flow's tool only, KEY=VALUE to every approved flow declaring KEY; values "
      + "the environment gives as BROWSERFLOW_CREDENTIAL_<KEY> win over unscoped ones.")
  Path credentialsFile;

  @Option(names = "--max-runs-per-flow", paramLabel = "N", defaultValue = "1",
      description = "Calls of one tool running at once (default 1); a call beyond is refused with LIMIT_EXCEEDED.")
  int maxRunsPerFlow;

  @Option(names = "--allow-drift", description = "Run a flow in an environment other than the one its approval pinned "
      + "(browser and version, viewport, locale, time zone, origins); without it such a call fails with ENVIRONMENT_DRIFT.")
  boolean allowDrift;

  @Option(names = "--receipts", paramLabel = "DIR", description = "Where each call's receipt goes "
      + "(<run id>.receipt.json: digests, step states, times and codes, never a value, URL or page text); "
      + "default: receipts/ in the --flows folder.")
  Path receipts;

  @picocli.CommandLine.Mixin
  ApprovalKeyOption approvalKey = new ApprovalKeyOption();

  @Option(names = "--no-sandbox", description = "Run Chromium without its sandbox, which it refuses to start as root "
      + "(also BROWSERFLOW_NO_SANDBOX=1). The flows' replays are sandboxed otherwise.")
  boolean noSandbox;

  @picocli.CommandLine.Mixin
  BrowserOptions launch = new BrowserOptions();

  @Option(names = "--reload-ms", paramLabel = "MS", defaultValue = "1000", hidden = true,
      description = "How often the folder is checked for changes.")
  long reloadMs;

  @Override
  public Integer call() throws Exception {
    PrintWriter err = err();
    if (!Files.isDirectory(flows)) {
      return BrowserflowCommand.usage(err, "mcp: --flows " + flows + " is not a folder; give the folder of the flows to publish");
    }
    if (maxRunsPerFlow < 1 || maxRunsPerFlow > 16) {
      return BrowserflowCommand.usage(err, "mcp: --max-runs-per-flow must be between 1 and 16, was " + maxRunsPerFlow);
    }
    if (reloadMs < 100) {
      return BrowserflowCommand.usage(err, "mcp: --reload-ms must be at least 100, was " + reloadMs);
    }
    if (http != null && (http < 0 || http > 65535)) {
      return BrowserflowCommand.usage(err, "mcp: --http must be a port between 0 and 65535, was " + http);
    }
    Map<String, String> credentials;
    try {
      credentials = credentials(credentialsFile, System.getenv(), err);
    } catch (IOException e) {
      return BrowserflowCommand.usage(err, "mcp: cannot read --credentials " + credentialsFile + ": " + e.getMessage());
    }
    boolean sandbox = !BatchRun.sandboxOff(noSandbox, System.getenv());
    if (sandbox) {
      try {
        PlaywrightDriver.checkSandboxAllowed();
      } catch (io.browserflow.api.FlowRunException e) {
        return BrowserflowCommand.usage(err, "mcp: " + e.getMessage());
      }
    }
    Supplier<PageDriver> drivers = () -> {
      // approved flows only: Chromium's sandbox on and its own traffic inside the policy
      LaunchOptions.Builder options = LaunchOptions.builder().headless(!launch.headed).confined(true).sandbox(sandbox);
      if (launch.browser != null) {
        options.executablePath(launch.browser);
      }
      return PlaywrightDriver.launch(options.build());
    };
    Path dir = flows.toAbsolutePath().normalize();
    Supplier<io.browserflow.engine.review.ApprovalKey> key = () -> approvalKey.forChecking(dir,
        Files.exists(dir.resolve(io.browserflow.engine.review.Approvals.FILE_NAME)));
    try {
      key.get();
    } catch (io.browserflow.api.FlowException e) {
      return BrowserflowCommand.usage(err, "mcp: " + e.code() + ": " + e.getMessage());
    }
    if (http == null) {
      return stdio(server(dir, credentials, drivers, key, err), dir, err);
    }
    String token;
    try {
      token = token(tokenFile, System.getenv("BROWSERFLOW_MCP_TOKEN"));
    } catch (IOException e) {
      return BrowserflowCommand.usage(err, "mcp: --token-file " + tokenFile + ": " + e.getMessage());
    }
    if (token == null) {
      return BrowserflowCommand.usage(err, "mcp: --http needs a token clients must send: --token-file FILE (created with a fresh token "
          + "when missing) or BROWSERFLOW_MCP_TOKEN");
    }
    try (Running running = serveHttp(server(dir, credentials, drivers, key, err), http, Duration.ofMillis(reloadMs), token)) {
      err.println("browserflow mcp: streamable HTTP at " + running.url() + " (" + running.server().tools().size()
          + " tools); clients send Authorization: Bearer <the token" + (tokenFile != null ? " in " + tokenFile : "")
          + ">; stop with Ctrl-C");
      err.flush();
      new CountDownLatch(1).await();
    }
    return BrowserflowCommand.OK;
  }

  /** Serves over this process's stdin and stdout until the client closes stdin; nothing else writes to stdout. */
  private int stdio(FlowToolServer unstarted, Path dir, PrintWriter err) {
    PrintStream protocol = System.out;
    System.setOut(System.err); // a stray print must never corrupt the protocol
    CountDownLatch ended = new CountDownLatch(1);
    InputStream in = new InputStream() { // tells when the client closed the session
      private final InputStream stdin = System.in;

      @Override
      public int read() throws IOException {
        int b = stdin.read();
        if (b < 0) {
          ended.countDown();
        }
        return b;
      }

      @Override
      public int read(byte[] buffer, int off, int len) throws IOException {
        int n = stdin.read(buffer, off, len);
        if (n < 0) {
          ended.countDown();
        }
        return n;
      }
    };
    OutputStream out = protocol;
    try (FlowToolServer server = unstarted) {
      server.start(new StdioServerTransportProvider(FlowToolServer.MAPPER, in, out));
      server.watch(Duration.ofMillis(reloadMs));
      err.println("browserflow mcp: serving " + server.tools().size() + " tools of " + dir + " over stdio");
      err.flush();
      ended.await();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    return BrowserflowCommand.OK;
  }

  /** The server of the folder's approved flows, as the flags configure it; not started. */
  private FlowToolServer server(Path dir, Map<String, String> credentials, Supplier<PageDriver> drivers,
      Supplier<io.browserflow.engine.review.ApprovalKey> key, PrintWriter log) {
    return new FlowToolServer(dir, credentials, drivers, maxRunsPerFlow, log).allowEnvironmentDrift(allowDrift).receipts(receipts)
        .approvalKey(key);
  }

  /** A server listening on 127.0.0.1. */
  record Running(FlowToolServer server, Server jetty, String url) implements AutoCloseable {
    @Override
    public void close() throws Exception {
      jetty.stop();
      server.close();
    }
  }

  /**
   * Starts the MCP server with the streamable HTTP transport at {@code http://127.0.0.1:PORT/mcp},
   * in Jetty; only requests whose Host is 127.0.0.1 or localhost are served (DNS rebinding).
   */
  static Running serveHttp(FlowToolServer server, int port, Duration reload, String token) throws Exception {
    HttpServletStreamableServerTransportProvider transport = HttpServletStreamableServerTransportProvider.builder()
        .jsonMapper(FlowToolServer.MAPPER).mcpEndpoint("/mcp")
        .securityValidator(DefaultServerTransportSecurityValidator.builder()
            .allowedHost("127.0.0.1:*").allowedHost("localhost:*")
            .allowedOrigin("http://127.0.0.1:*").allowedOrigin("http://localhost:*").build())
        .build();
    server.start(transport);
    Server jetty = new Server();
    ServerConnector connector = new ServerConnector(jetty);
    connector.setHost("127.0.0.1");
    connector.setPort(port);
    jetty.addConnector(connector);
    ServletContextHandler context = new ServletContextHandler("/");
    ServletHolder holder = new ServletHolder(new BearerServlet(transport, token));
    holder.setAsyncSupported(true);
    context.addServlet(holder, "/*");
    jetty.setHandler(context);
    try {
      jetty.start();
    } catch (Exception e) {
      server.close();
      throw e;
    }
    server.watch(reload);
    return new Running(server, jetty, "http://127.0.0.1:" + connector.getLocalPort() + "/mcp");
  }

  /**
   * The bearer token of the HTTP transport: {@code env} when set, else the token file's (created
   * owner-only with a fresh random token when it does not exist); null when neither is given.
   */
  static String token(Path file, String env) throws IOException {
    if (env != null && !env.isBlank()) {
      return env.strip();
    }
    if (file == null) {
      return null;
    }
    if (!Files.exists(file)) {
      byte[] random = new byte[32];
      new java.security.SecureRandom().nextBytes(random);
      String fresh = java.util.HexFormat.of().formatHex(random);
      try {
        Files.createFile(file, java.nio.file.attribute.PosixFilePermissions.asFileAttribute(
            java.nio.file.attribute.PosixFilePermissions.fromString("rw-------")));
      } catch (UnsupportedOperationException e) {
        Files.createFile(file);
      }
      Files.writeString(file, fresh + "\n", StandardCharsets.UTF_8);
      return fresh;
    }
    ownersOnly(file);
    String read = Files.readString(file, StandardCharsets.UTF_8).strip();
    if (read.length() < 16) {
      throw new IOException("the token in it is shorter than 16 characters");
    }
    return read;
  }

  /** The MCP servlet behind a bearer token: a request without it is refused (401) before it reaches the server. */
  static final class BearerServlet extends jakarta.servlet.http.HttpServlet {
    private static final long serialVersionUID = 1L;
    private final transient jakarta.servlet.http.HttpServlet inner;
    private final byte[] token;

    BearerServlet(jakarta.servlet.http.HttpServlet inner, String token) {
      this.inner = inner;
      this.token = token.getBytes(StandardCharsets.UTF_8);
    }

    @Override
    public void init(jakarta.servlet.ServletConfig config) throws jakarta.servlet.ServletException {
      super.init(config);
      inner.init(config);
    }

    @Override
    protected void service(jakarta.servlet.http.HttpServletRequest request, jakarta.servlet.http.HttpServletResponse response)
        throws jakarta.servlet.ServletException, IOException {
      String auth = request.getHeader("Authorization");
      boolean ok = auth != null && auth.startsWith("Bearer ")
          && java.security.MessageDigest.isEqual(auth.substring(7).strip().getBytes(StandardCharsets.UTF_8), token);
      if (!ok) {
        response.setStatus(401);
        response.setHeader("WWW-Authenticate", "Bearer");
        response.setContentType("application/json");
        response.getWriter().write("{\"error\": \"send the server's token: Authorization: Bearer TOKEN "
            + "(browserflow mcp --token-file or BROWSERFLOW_MCP_TOKEN)\"}");
        return;
      }
      inner.service((jakarta.servlet.ServletRequest) request, response);
    }

    @Override
    public void destroy() {
      inner.destroy();
      super.destroy();
    }
  }

  /**
   * A secret file (the token, the credentials) must be this user's and only this user's: no other
   * user may read it, nor write it (who can write the token file chooses the token; who can write the
   * credentials file chooses where a flow signs in).
   *
   * @throws IOException saying what is wrong and the {@code chmod}/{@code chown} that fixes it
   */
  static void ownersOnly(Path file) throws IOException {
    io.browserflow.engine.review.ApprovalKey.requireOwnerOnly(file);
  }

  /**
   * The credentials the server holds: the file's (a properties file), then the environment's
   * {@code BROWSERFLOW_CREDENTIAL_<KEY>} over them. A file others may read is refused.
   */
  static Map<String, String> credentials(Path file, Map<String, String> env, PrintWriter err) throws IOException {
    Map<String, String> out = new LinkedHashMap<>();
    if (file != null) {
      ownersOnly(file);
      Properties p = new Properties();
      try (var reader = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
        p.load(reader);
      }
      p.stringPropertyNames().forEach(k -> out.put(k, p.getProperty(k)));
    }
    String prefix = "BROWSERFLOW_CREDENTIAL_";
    env.forEach((k, v) -> {
      if (k.startsWith(prefix) && k.length() > prefix.length()) {
        out.put(k.substring(prefix.length()), v);
      }
    });
    return out;
  }
}
