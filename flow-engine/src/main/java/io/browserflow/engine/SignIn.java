package io.browserflow.engine;

import io.browserflow.api.ErrorCode;
import io.browserflow.api.Flow;
import io.browserflow.api.FlowRunException;
import io.browserflow.engine.spi.DriverSession;
import io.browserflow.engine.spi.DriverSessions;
import io.browserflow.engine.spi.PageDriver;
import io.browserflow.engine.spi.SessionOptions;
import io.browserflow.engine.spi.StorageState;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import io.browserflow.engine.spi.HandsOverStorage;

/**
 * Sign in once, reuse it everywhere: a login flow runs the first time a session is needed, its
 * resulting cookies and local storage ({@link StorageState}) are kept in memory, and every later
 * session of the drivers this sign-in {@linkplain #driver(PageDriver) wraps} starts with them:
 * later flows, tests and workers (one {@code SignIn} may serve several drivers at once).
 *
 * <pre>{@code
 * SignIn signIn = SignIn.builder()
 *     .flow(loginFlow)                                   // opens /login, fills, submits, checks
 *     .inputs(Inputs.builder().credential("PASSWORD", password).build())
 *     .check(signedInCheck)                              // optional: succeeds only when signed in
 *     .build();
 * try (FlowEngine engine = FlowEngine.builder().driver(signIn.driver(PlaywrightDriver.launch())).build()) {
 *   engine.run(reportFlow, Inputs.empty());              // starts signed in; no login form
 * }
 * }</pre>
 *
 * <h2>Signed out</h2>
 * With a {@linkplain Builder#check(Flow) check} (a flow that succeeds only when the session is
 * signed in, e.g. open {@code /account} and assert "Sign out"), each session first runs the check
 * in the reused state: when it fails (the server ended the session, the cookie expired) the login
 * flow runs again, the new state replaces the old one for everyone, and the session starts over
 * with it. A check that fails right after a fresh sign-in fails the session with
 * {@code CHECK_FAILED}: signing in did not sign in (later sessions fail the same way, without
 * signing in again, until {@link #forget()}). Without a check the state is reused as it is.
 *
 * <h2>Secrets</h2>
 * The state holds session cookies: it lives in this object only, is never written to a store,
 * result, report or file, its values are masked in the screenshots and stripped from the traces of
 * the sessions that use it, and the login flow always runs without a trace. A failed login fails
 * the session with the login's own error code and message, and every later session the same way
 * without signing in again (a wrong password is not retried a hundred times) until {@link #forget()}.
 *
 * <p>Thread-safe: concurrent sessions wait for one login and share its state.
 */
public final class SignIn {
  private final Flow flow;
  private final Inputs inputs;
  private final Optional<Flow> check;
  private final RunOptions options;
  private final Object lock = new Object();
  private final AtomicInteger signIns = new AtomicInteger();
  private volatile Held held;
  private volatile FlowRunException failed;

  private record Held(StorageState state, int version) {}

  private SignIn(Builder b) {
    this.flow = Objects.requireNonNull(b.flow, "flow: the login flow");
    this.inputs = b.inputs;
    this.check = Optional.ofNullable(b.check);
    this.options = RunOptions.builder().from(b.options).trace(TraceMode.OFF).screenshotEachStep(false).build();
  }

  public static Builder builder() {
    return new Builder();
  }

  /** How often the login flow has run so far (once, plus once per refresh after a failed check). */
  public int signIns() {
    return signIns.get();
  }

  /** Whether a signed-in state is held now. */
  public boolean signedIn() {
    return held != null;
  }

  /** Drops the held state (and a failed login): the next session signs in again. */
  public void forget() {
    synchronized (lock) {
      held = null;
      failed = null;
    }
  }

  /**
   * A driver whose sessions start signed in, over {@code driver}: it signs in (on {@code driver})
   * when no state is held, runs the check when there is one, and otherwise behaves as {@code
   * driver}; closing it closes {@code driver}.
   */
  public PageDriver driver(PageDriver driver) {
    Objects.requireNonNull(driver, "driver");
    return DriverSessions.opening(driver, options -> signedIn(driver, options), true);
  }

  private DriverSession signedIn(PageDriver driver, SessionOptions options) {
    FlowRunException failure = failed;
    if (failure != null) {
      throw new FlowRunException(failure.code(), failure.getMessage() + " (an earlier attempt; it is not retried until forget())");
    }
    Held h = held;
    boolean fresh = false;
    if (h == null) {
      h = refresh(driver, -1);
      fresh = true;
    }
    for (int attempt = 0; ; attempt++) {
      DriverSession session = driver.openSession(SessionOptions.builder().from(options).storageState(h.state())
          .secrets(options.secrets().and(h.state().secrets())).build());
      if (check.isEmpty()) {
        return session;
      }
      RunResult r;
      try {
        r = runCheck(session);
      } catch (RuntimeException e) {
        session.close();
        throw e;
      }
      if (r.succeeded()) {
        return session;
      }
      session.close();
      if (fresh || attempt > 0) {
        FlowRunException signedOut = new FlowRunException(ErrorCode.CHECK_FAILED, "still signed out right after signing in with "
            + "the login flow '" + flow.name() + "': the check '" + check.get().name() + "' failed" + at(r)
            + "; make the login flow end signed in, or the check test what signed in looks like");
        failed = signedOut; // signing in again would not help the next session either
        throw signedOut;
      }
      h = refresh(driver, h.version());
    }
  }

  /** Signs in unless another session did since {@code seenVersion} was handed out; returns the state to use. */
  private Held refresh(PageDriver driver, int seenVersion) {
    synchronized (lock) {
      Held now = held;
      if (now != null && now.version() != seenVersion) {
        return now;
      }
      StorageState state;
      try {
        state = login(driver);
      } catch (FlowRunException e) {
        failed = e;
        throw e;
      }
      Held next = new Held(state, now == null ? 0 : now.version() + 1);
      held = next;
      return next;
    }
  }

  private StorageState login(PageDriver driver) {
    AtomicReference<StorageState> captured = new AtomicReference<>();
    PageDriver capturing = DriverSessions.opening(driver, o -> {
      DriverSession s = driver.openSession(SessionOptions.builder().from(o).trace(false).build());
      return DriverSessions.onClose(s, () -> {
        try {
          captured.set(DriverNeeds.require(s, HandsOverStorage.class).storageState());
        } finally {
          s.close();
        }
      });
    }, false);
    RunResult r;
    try (FlowEngine engine = FlowEngine.builder().driver(capturing).build()) {
      r = engine.run(flow, inputs, options);
    }
    signIns.incrementAndGet();
    if (!r.succeeded()) {
      throw new FlowRunException(r.errorCode().orElse(ErrorCode.ACTION_FAILED), "signing in with the login flow '" + flow.name()
          + "' failed" + at(r));
    }
    if (captured.get() == null) {
      throw new FlowRunException(ErrorCode.ACTION_FAILED, "the login flow '" + flow.name() + "' ran but its session handed over no state");
    }
    return captured.get();
  }

  private RunResult runCheck(DriverSession session) {
    PageDriver borrowed = DriverSessions.driverOver("sign-in check", session);
    Flow c = check.get();
    Inputs.Builder given = Inputs.builder();
    c.inputs().forEach(i -> java.util.Optional.ofNullable(inputs.inputs().get(i.key())).ifPresent(v -> given.input(i.key(), v)));
    c.credentials().forEach(k -> java.util.Optional.ofNullable(inputs.credentials().get(k.key())).ifPresent(v -> given.credential(k.key(), v)));
    RunResult r;
    try (FlowEngine engine = FlowEngine.builder().driver(borrowed).build()) {
      r = engine.run(c, given.build(), options);
    }
    if (!r.succeeded() && r.steps().isEmpty()) {
      throw new FlowRunException(r.errorCode().orElse(ErrorCode.ACTION_FAILED), "the sign-in check '" + c.name()
          + "' could not run" + r.errorMessage().map(m -> ": " + m).orElse(""));
    }
    return r;
  }

  private static String at(RunResult r) {
    return r.errorPath().filter(p -> !p.isEmpty()).map(p -> " at " + p).orElse("") + r.errorMessage().map(m -> ": " + m).orElse("");
  }

  /** Builder of a {@link SignIn}. */
  public static final class Builder {
    private Flow flow;
    private Inputs inputs = Inputs.empty();
    private Flow check;
    private RunOptions options = RunOptions.defaults();

    private Builder() {}

    /** The login flow: ends signed in. */
    public Builder flow(Flow flow) {
      this.flow = Objects.requireNonNull(flow, "flow");
      return this;
    }

    /** The login flow's inputs and credentials (the check gets them too). */
    public Builder inputs(Inputs inputs) {
      this.inputs = Objects.requireNonNull(inputs, "inputs");
      return this;
    }

    /** A flow that succeeds only when signed in, run in the reused state before each session; see the class comment. */
    public Builder check(Flow check) {
      this.check = Objects.requireNonNull(check, "check");
      return this;
    }

    /** Run options of the login and the check (allowed origins, capabilities, time budget); traces are always off. */
    public Builder options(RunOptions options) {
      this.options = Objects.requireNonNull(options, "options");
      return this;
    }

    public SignIn build() {
      return new SignIn(this);
    }
  }
}
