package io.browserflow.testkit;

import io.browserflow.engine.FlowEngine;
import io.browserflow.engine.RunListener;
import io.browserflow.engine.RunResult;
import io.browserflow.engine.Sleeper;
import io.browserflow.engine.StepResult;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;

/** A small in-memory app (login, search with results, a frame, a popup report, paginated list) for engine tests. */
final class EngineFixtures {
  private EngineFixtures() {}

  static final String APP = "http://app.test";
  static final String SECRET = "s3cr3t-Passw0rd!";

  static InMemoryPageDriver.Builder app() {
    return InMemoryPageDriver.builder()
        .page(APP + "/login", "<title>Login</title>"
            + "<input placeholder='User' data-testid='user'>"
            + "<input type='password' aria-label='Password' data-testid='pass'>"
            + "<button data-testid='login' data-on-click='navigate:/home'>Sign in</button>")
        .page(APP + "/home", "<title>Home</title><h1>Welcome</h1>"
            + "<input placeholder='Device ID' data-testid='device'>"
            + "<button data-testid='search' data-on-click='show:#results'>Search</button>"
            + "<table id='results' hidden><tr><th>Device</th><th>Total</th></tr>"
            + "<tr><td>A1</td><td class='total'>42</td></tr><tr><td>B2</td><td>7</td></tr></table>"
            + "<button>Save</button><button>Save</button>"
            + "<span id='status'></span>"
            + "<button data-testid='save' data-on-click='text:#status=Saved'>Store</button>"
            + "<a href='/report' target='_blank' data-testid='report'>Report</a>"
            + "<iframe name='detail' src='/detail?id=123'></iframe>"
            + "<div data-testid='late' data-show-after='300'>Late</div>"
            + "<ul id='links'><li><a href='/a'>Alpha</a></li><li><a href='/b'>Beta</a></li></ul>"
            + "<select data-testid='mode'><option value='f'>Fast</option><option value='s'>Slow</option></select>"
            + "<input type='checkbox' data-testid='agree'>"
            + "<a data-testid='external' href='http://elsewhere.test/x'>External</a>")
        .page(APP + "/detail", "<button data-testid='inner' data-on-click='text:#msg=Inner done'>Inner</button><p id='msg'></p>")
        .page(APP + "/report", "<title>Report</title><h1>Report</h1>")
        .page(APP + "/list1", "<title>List 1</title><p class='item'>one</p><a data-testid='next' href='/list2'>Next</a>")
        .page(APP + "/list2", "<title>List 2</title><p class='item'>two</p><a data-testid='next' href='/list3'>Next</a>")
        .page(APP + "/list3", "<title>List 3</title><p class='item'>three</p>");
  }

  /** Records every listener event as text, to assert on progress and to scan for secrets. */
  static final class Events implements RunListener {
    final List<String> lines = java.util.Collections.synchronizedList(new ArrayList<>());

    @Override
    public void runStarted(String runId, io.browserflow.api.Flow flow) {
      lines.add("started " + runId + " " + flow.id());
    }

    @Override
    public void stepStarted(String runId, String path, String stepId, String iteration) {
      lines.add("step " + path + " " + stepId + " " + iteration);
    }

    @Override
    public void stepRetrying(String runId, String path, String stepId, int nextAttempt, long delayMs, String reason) {
      lines.add("retry " + stepId + " attempt " + nextAttempt + " after " + delayMs + " " + reason);
    }

    @Override
    public void stepFinished(String runId, StepResult result) {
      lines.add("finished " + result);
    }

    @Override
    public void runFinished(RunResult result) {
      lines.add("run " + result.toJson());
    }

    long count(String prefix) {
      return lines.stream().filter(l -> l.startsWith(prefix)).count();
    }
  }

  /** Sleeps nothing, remembers what was asked. */
  static final class NoSleep implements Sleeper {
    final List<Long> slept = java.util.Collections.synchronizedList(new ArrayList<>());

    @Override
    public void sleep(long millis) {
      slept.add(millis);
    }
  }

  static FlowEngine.Builder engine(InMemoryPageDriver driver) {
    return FlowEngine.builder().driver(driver).clock(Clock.systemUTC());
  }
}
