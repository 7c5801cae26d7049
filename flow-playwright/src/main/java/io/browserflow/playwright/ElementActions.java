package io.browserflow.playwright;

import com.microsoft.playwright.Frame;
import com.microsoft.playwright.Locator;
import com.microsoft.playwright.Page;
import com.microsoft.playwright.PlaywrightException;
import com.microsoft.playwright.options.KeyboardModifier;
import com.microsoft.playwright.options.LoadState;
import com.microsoft.playwright.options.MouseButton;
import com.microsoft.playwright.options.SelectOption;
import io.browserflow.api.ErrorCode;
import io.browserflow.api.FlowException;
import io.browserflow.api.FlowRunException;
import io.browserflow.api.FlowTimeoutException;
import io.browserflow.api.Step;
import io.browserflow.api.InteractionStep;
import io.browserflow.api.Target;
import io.browserflow.engine.spi.ActionResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.ObjDoubleConsumer;

/**
 * The interaction steps ({@code perform}): click, dblclick, contextmenu, hover, fill, change, type, press,
 * select, check, uncheck, toggle, scroll, drag, upload. Each resolves its target under the strict
 * rule ({@link TargetResolver}) and lets Playwright act on the one element; values typed are
 * scrubbed from error messages.
 */
final class ElementActions {
  private final SessionState state;
  private final TargetResolver resolver;

  ElementActions(SessionState state, TargetResolver resolver) {
    this.state = state;
    this.resolver = resolver;
  }

  ActionResult perform(InteractionStep step, Duration timeout) {
    return step.accept(new io.browserflow.api.InteractionStepVisitor<ActionResult>() {
      @Override
      public ActionResult visitClick(InteractionStep.Click s) {
        return click(s, timeout);
      }

      @Override
      public ActionResult visitDblclick(InteractionStep.Dblclick s) {
        return act(s.target(), timeout, (loc, ms) -> {
          Locator.DblclickOptions o = new Locator.DblclickOptions().setTimeout(ms);
          s.offset().ifPresent(p -> o.setPosition(p.x(), p.y()));
          loc.dblclick(o);
        }, true);
      }

      @Override
      public ActionResult visitContextmenu(InteractionStep.Contextmenu s) {
        return act(s.target(), timeout, (loc, ms) -> {
          Locator.ClickOptions o = new Locator.ClickOptions().setButton(MouseButton.RIGHT).setTimeout(ms);
          s.offset().ifPresent(p -> o.setPosition(p.x(), p.y()));
          loc.click(o);
        }, true);
      }

      @Override
      public ActionResult visitHover(InteractionStep.Hover s) {
        return act(s.target(), timeout, (loc, ms) -> loc.hover(new Locator.HoverOptions().setTimeout(ms)), true);
      }

      @Override
      public ActionResult visitFill(InteractionStep.Fill s) {
        return act(s.target(), timeout, (loc, ms) ->
            loc.fill(s.value(), new Locator.FillOptions().setTimeout(ms)), true, s.value());
      }

      @Override
      public ActionResult visitChange(InteractionStep.Change s) {
        boolean plain = s.target().framePath().isEmpty();
        boolean[] fastTried = {false}; // the first candidate was one element, for the Playwright calls
        TargetResolver.FastAction fast = !FastClick.ENABLED ? null : (loc, roles) -> {
          TargetResolver.FastOutcome r = new ChangeAction(s, loc, 0, state.page(), state.contextFrame(), plain,
              state.shared.actions).fast(true, roles);
          fastTried[0] = r == TargetResolver.FastOutcome.ONE;
          return r;
        };
        return done(resolver.act(s.target(), timeout, fast, (loc, ms) -> {
          new ChangeAction(s, loc, ms, state.page(), state.contextFrame(), plain, state.shared.actions).run(fastTried[0]);
          return null;
        }, true, s.value()));
      }

      @Override
      public ActionResult visitType(InteractionStep.Type s) {
        if (s.target().isEmpty()) {
          state.run(() -> {
            try {
              state.page().keyboard().type(s.text());
            } catch (PlaywrightException e) {
              throw Failures.actionFailed("typing", e, s.text());
            }
          });
          return ActionResult.none();
        }
        return act(s.target().get(), timeout, (loc, ms) -> {
          loc.evaluate(PageScripts.CARET_TO_END, null, new Locator.EvaluateOptions().setTimeout(ms));
          loc.pressSequentially(s.text(), new Locator.PressSequentiallyOptions().setTimeout(ms));
        }, true, s.text());
      }

      @Override
      public ActionResult visitPress(InteractionStep.Press s) {
        return press(s, timeout);
      }

      @Override
      public ActionResult visitSelect(InteractionStep.Select s) {
        return select(s, timeout);
      }

      @Override
      public ActionResult visitCheck(InteractionStep.Check s) {
        return act(s.target(), timeout, (loc, ms) -> loc.check(new Locator.CheckOptions().setTimeout(ms)), true);
      }

      @Override
      public ActionResult visitUncheck(InteractionStep.Uncheck s) {
        return act(s.target(), timeout, (loc, ms) -> loc.uncheck(new Locator.UncheckOptions().setTimeout(ms)), true);
      }

      @Override
      public ActionResult visitToggle(InteractionStep.Toggle s) {
        return done(resolver.act(s.target(), timeout, (loc, ms) -> {
          boolean checked;
          try {
            checked = loc.isChecked(new Locator.IsCheckedOptions().setTimeout(ms));
          } catch (PlaywrightException e) {
            if (Failures.isStrictViolation(e) || Failures.isTimeout(e)) {
              throw e;
            }
            loc.click(new Locator.ClickOptions().setTimeout(ms)); // a switch that is not a checkbox: flip it by clicking
            return null;
          }
          loc.setChecked(!checked, new Locator.SetCheckedOptions().setTimeout(ms));
          return null;
        }, true));
      }

      @Override
      public ActionResult visitScroll(InteractionStep.Scroll s) {
        return scroll(s, timeout);
      }

      @Override
      public ActionResult visitMouse(InteractionStep.Mouse s) {
        return act(s.target(), timeout, (loc, ms) -> mouse(loc, s, ms), false);
      }

      @Override
      public ActionResult visitDrag(InteractionStep.Drag s) {
        TargetResolver.Acted<Void> to = resolver.act(s.destination(), timeout, null, false);
        Frame df = resolver.targetFrame(s.destination(), Deadline.in(timeout));
        Locator destination = state.call(() -> TargetResolver.locator(df, s.destination(), to.resolution().winner()));
        return act(s.source(), timeout, (loc, ms) -> loc.dragTo(destination, new Locator.DragToOptions().setTimeout(ms)), true);
      }

      @Override
      public ActionResult visitUpload(InteractionStep.Upload s) {
        Path[] files = s.files().stream().map(Path::of).toArray(Path[]::new);
        for (Path p : files) {
          if (!Files.isRegularFile(p)) {
            throw new FlowRunException(ErrorCode.ACTION_FAILED, "upload file " + p + " does not exist", Map.of(FlowException.Details.FILE, p.toString()));
          }
        }
        return act(s.target(), timeout, (loc, ms) ->
            loc.setInputFiles(files, new Locator.SetInputFilesOptions().setTimeout(ms)), false);
      }
    });
  }

  private static ActionResult done(TargetResolver.Acted<?> acted) {
    return ActionResult.of(acted.resolution());
  }

  /** Lets {@code action} act on the target's one element ({@link TargetResolver#act}); it gives the step nothing back. */
  private ActionResult act(Target target, Duration timeout, ObjDoubleConsumer<Locator> action, boolean interactive,
      String... scrub) {
    return done(resolver.act(target, timeout, (loc, ms) -> {
      action.accept(loc, ms);
      return null;
    }, interactive, scrub));
  }

  private ActionResult click(InteractionStep.Click s, Duration timeout) {
    MouseButton button = switch (s.button()) {
      case LEFT -> MouseButton.LEFT;
      case RIGHT -> MouseButton.RIGHT;
      case MIDDLE -> MouseButton.MIDDLE;
      case BACK, FORWARD -> null; // Playwright has no side buttons: pressed through CDP
    };
    if (button == null) {
      if (s.newTab().isPresent()) {
        throw new FlowRunException(ErrorCode.ACTION_FAILED, "a click with the " + s.button().name().toLowerCase(Locale.ROOT)
            + " button cannot bind a new tab (step " + s.id() + ")", Map.of(FlowException.Details.STEP_ID, s.id()));
      }
      return act(s.target(), timeout, (loc, ms) -> SideButtonClick.press(state.page(), loc, s, ms), true);
    }
    Locator.ClickOptions o = new Locator.ClickOptions().setModifiers(modifiers(s.modifiers())).setButton(button);
    s.offset().ifPresent(p -> o.setPosition(p.x(), p.y()));
    s.delay().ifPresent(ms -> o.setDelay(ms));
    boolean plainButton = button == MouseButton.LEFT && s.modifiers().isEmpty() && s.delay().isEmpty();
    boolean plain = plainButton && s.target().framePath().isEmpty();
    if (s.newTab().isEmpty()) {
      boolean[] fastTried = {false}; // the first candidate was one element, for Playwright to click
      TargetResolver.FastAction fast = !plain || !FastClick.ENABLED ? null : (loc, roles) -> {
        TargetResolver.FastOutcome r = FastClick.attempt(loc, state.contextFrame(), s.offset(), state.shared.actions, true, roles);
        fastTried[0] = r == TargetResolver.FastOutcome.ONE;
        return r;
      };
      return done(resolver.act(s.target(), timeout, fast, (loc, ms) -> {
        if (plainButton && !plain && FastClick.ENABLED) {
          state.shared.actions.fellBack("in-frame"); // a frame path: Playwright maps the point through the frames
        }
        if (!plain || fastTried[0] || !FastClick.tryClick(loc, state.contextFrame(), s.offset(), state.shared.actions)) {
          Page page = state.page();
          try {
            loc.click(o.setTimeout(ms));
          } catch (PlaywrightException e) {
            // a click whose handler closes its own page (window.close()) was delivered: only a pressed
            // button can have closed it
            if (!(Failures.isClosed(e) && page.isClosed())) {
              throw e;
            }
          }
        }
        return null;
      }, true));
    }
    String alias = s.newTab().get();
    Deadline d = Deadline.in(timeout);
    TargetResolver.Acted<Page> acted = resolver.act(s.target(), timeout, (loc, ms) -> {
      Page origin = state.page();
      AtomicBoolean clicked = new AtomicBoolean();
      try {
        return origin.waitForPopup(new Page.WaitForPopupOptions().setTimeout(ms), () -> {
          loc.click(o.setTimeout(ms));
          clicked.set(true);
        });
      } catch (PlaywrightException e) {
        if (clicked.get()) {
          throw new FlowTimeoutException(ErrorCode.TIMEOUT, "the click on " + s.target().describe()
              + " opened no new tab within " + d.totalMillis() + " ms", Map.of(FlowException.Details.ALIAS, alias));
        }
        throw e;
      }
    }, true);
    Page popup = acted.value();
    state.run(() -> {
      state.shared.downloads.watch(popup);
      state.prune();
      state.bind(alias, popup);
      try {
        popup.waitForLoadState(LoadState.DOMCONTENTLOADED, new Page.WaitForLoadStateOptions().setTimeout(d.remainingMs()));
      } catch (PlaywrightException e) {
        // the tab is bound; what it shows is for the next steps' checks to wait for
      }
    });
    return ActionResult.builder().resolution(acted.resolution()).openedTab(alias).build();
  }

  /**
   * Raw pointer input at the element: scrolled into view, the pointer goes to its centre (or
   * {@code fromCenter} from it, or just outside it for {@code OUT}) and the button is pressed or
   * released there, whatever is at that point, as WebDriver actions do.
   */
  private static void mouse(Locator loc, InteractionStep.Mouse s, double ms) {
    loc.scrollIntoViewIfNeeded(new Locator.ScrollIntoViewIfNeededOptions().setTimeout(ms));
    com.microsoft.playwright.options.BoundingBox box = loc.boundingBox(new Locator.BoundingBoxOptions().setTimeout(ms));
    if (box == null) {
      throw new FlowRunException(ErrorCode.ACTION_FAILED, "the mouse cannot reach " + s.target().describe()
          + ": it has no box on the page (not rendered)", Map.of(FlowException.Details.STEP_ID, s.id()));
    }
    double cx = box.x + box.width / 2;
    double cy = box.y + box.height / 2;
    double x = cx + s.fromCenter().map(p -> p.x()).orElse(0.0);
    double y = cy + s.fromCenter().map(p -> p.y()).orElse(0.0);
    Page page = loc.page();
    if (s.action() == Step.MouseAction.OUT) {
      Object size = page.evaluate("() => [innerWidth, innerHeight]");
      java.util.List<?> wh = (java.util.List<?>) size;
      double vw = ((Number) wh.get(0)).doubleValue();
      double vh = ((Number) wh.get(1)).doubleValue();
      if (box.y >= 1) {
        x = cx;
        y = box.y - 1;
      } else if (box.x + box.width + 1 < vw) {
        x = box.x + box.width + 1;
        y = cy;
      } else if (box.y + box.height + 1 < vh) {
        x = cx;
        y = box.y + box.height + 1;
      } else if (box.x >= 1) {
        x = box.x - 1;
        y = cy;
      } else {
        throw new FlowRunException(ErrorCode.ACTION_FAILED, "the mouse cannot leave " + s.target().describe()
            + ": it covers the whole viewport", Map.of(FlowException.Details.STEP_ID, s.id()));
      }
    }
    page.mouse().move(x, y);
    MouseButton button = switch (s.button()) {
      case RIGHT -> MouseButton.RIGHT;
      case MIDDLE -> MouseButton.MIDDLE;
      default -> MouseButton.LEFT; // validation allows no side button here
    };
    switch (s.action()) {
      case DOWN -> page.mouse().down(new com.microsoft.playwright.Mouse.DownOptions().setButton(button));
      case UP -> page.mouse().up(new com.microsoft.playwright.Mouse.UpOptions().setButton(button));
      case CLICK -> page.mouse().click(x, y, new com.microsoft.playwright.Mouse.ClickOptions().setButton(button));
      case DBLCLICK -> page.mouse().dblclick(x, y);
      default -> { }
    }
  }

  private ActionResult press(InteractionStep.Press s, Duration timeout) {
    String keys = s.modifiers().isEmpty() ? s.key() : String.join("+", s.modifiers()) + "+" + s.key();
    if (s.phase() != Step.KeyPhase.PRESS) {
      return keyPhase(s, timeout);
    }
    if (s.target().isEmpty()) {
      state.run(() -> {
        try {
          state.page().keyboard().press(keys);
        } catch (PlaywrightException e) {
          throw Failures.actionFailed("pressing " + keys, e);
        }
      });
      return ActionResult.none();
    }
    return act(s.target().get(), timeout, (loc, ms) -> loc.press(keys, new Locator.PressOptions().setTimeout(ms)), true);
  }

  /** Only the key going down or coming up, on the focused element or after focusing the target. */
  private ActionResult keyPhase(InteractionStep.Press s, Duration timeout) {
    boolean down = s.phase() == Step.KeyPhase.DOWN;
    String what = (down ? "pressing down " : "releasing ") + s.key();
    Runnable key = () -> {
      try {
        if (down) {
          state.page().keyboard().down(s.key());
        } else {
          state.page().keyboard().up(s.key());
        }
      } catch (PlaywrightException e) {
        throw Failures.actionFailed(what, e);
      }
    };
    if (s.target().isEmpty()) {
      state.run(key);
      return ActionResult.none();
    }
    return act(s.target().get(), timeout, (loc, ms) -> {
      loc.focus(new Locator.FocusOptions().setTimeout(ms));
      key.run();
    }, true);
  }

  private ActionResult select(InteractionStep.Select s, Duration timeout) {
    SelectOption option = new SelectOption();
    if (s.value().isPresent()) {
      option.setValue(s.value().get());
    } else if (s.label().isPresent()) {
      option.setLabel(s.label().get());
    } else {
      throw new FlowRunException(ErrorCode.ACTION_FAILED, "select " + s.id() + " names neither a value nor a label");
    }
    return act(s.target(), timeout, (loc, ms) ->
        loc.selectOption(option, new Locator.SelectOptionOptions().setTimeout(ms)), true);
  }

  private ActionResult scroll(InteractionStep.Scroll s, Duration timeout) {
    return switch (s.mode()) {
      case BY -> scroll(s, false, timeout);
      case TO -> scroll(s, true, timeout);
      case INTO_VIEW -> {
        Target t = s.target().orElseThrow(() -> new FlowRunException(ErrorCode.ACTION_FAILED,
            "scroll " + s.id() + " into view needs a target"));
        yield act(t, timeout, (loc, ms) ->
            loc.scrollIntoViewIfNeeded(new Locator.ScrollIntoViewIfNeededOptions().setTimeout(ms)), false);
      }
    };
  }

  /** Scrolls the page or the target container by ({@code to} false) or to the step's x and y. */
  private ActionResult scroll(InteractionStep.Scroll s, boolean to, Duration timeout) {
    Map<String, Object> arg = Map.of("x", s.x(), "y", s.y(), "to", to);
    if (s.target().isPresent()) {
      return act(s.target().get(), timeout, (loc, ms) ->
          loc.evaluate(PageScripts.SCROLL_ELEMENT, arg, new Locator.EvaluateOptions().setTimeout(ms)), false);
    }
    state.run(() -> {
      try {
        state.contextFrame().evaluate(PageScripts.SCROLL_WINDOW, arg);
      } catch (PlaywrightException e) {
        throw Failures.actionFailed("scrolling", e);
      }
    });
    return ActionResult.none();
  }

  private static List<KeyboardModifier> modifiers(List<String> names) {
    List<KeyboardModifier> out = new ArrayList<>();
    for (String n : names) {
      switch (n.trim().toLowerCase(Locale.ROOT)) {
        case "alt":
          out.add(KeyboardModifier.ALT);
          break;
        case "control":
        case "ctrl":
          out.add(KeyboardModifier.CONTROL);
          break;
        case "meta":
        case "command":
        case "cmd":
          out.add(KeyboardModifier.META);
          break;
        case "shift":
          out.add(KeyboardModifier.SHIFT);
          break;
        case "controlormeta":
          out.add(KeyboardModifier.CONTROLORMETA);
          break;
        default:
          throw new FlowRunException(ErrorCode.ACTION_FAILED, "unknown modifier key '" + n
              + "' (Alt, Control, Meta, Shift or ControlOrMeta)");
      }
    }
    return out;
  }
}
