package io.browserflow.formats;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.browserflow.api.Point;
import io.browserflow.api.Step;
import io.browserflow.api.Target;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The JSON of one recorder step: its type and the page (tab) it acts in, the selectors of its
 * element ({@link ChromeSelectors}), its frame index path, a click's offset, a key step.
 */
final class ChromeStepNodes {
  private static final JsonNodeFactory JSON = JsonNodeFactory.instance;

  private final ChromeExportState st;

  ChromeStepNodes(ChromeExportState st) {
    this.st = st;
  }

  ObjectNode base(String type, Step s) {
    ObjectNode n = JSON.objectNode();
    n.put("type", type);
    target(n);
    return st.born(n);
  }

  /** The page the step runs in: main or the popup's URL, never a tab alias; left out (and the export blocked) when unknown. */
  private void target(ObjectNode n) {
    if (st.frameTarget != null) {
      n.put("target", st.frameTarget);
      return;
    }
    st.tabs.target(st.tab, st.path).ifPresent(t -> n.put("target", t));
  }

  ObjectNode targeted(String type, Step s, Target t, String p) {
    ArrayNode selectors = ChromeSelectors.toSelectors(t, p, st.issues);
    if (selectors.isEmpty()) {
      st.notWritten(ConversionCode.TARGET_UNRESOLVED, p, s.describe() + " is not written: none of its candidates ("
          + t.describe() + ") can be written as a selector");
      return null;
    }
    ObjectNode n = base(type, s);
    if (!frame(n, t.framePath(), p)) {
      return null;
    }
    n.set("selectors", selectors);
    return n;
  }

  /** Adds the frame index path of the frame context and {@code framePath}; false (the step not written) when a locator is no index. */
  boolean frame(ObjectNode n, List<String> framePath, String p) {
    List<String> all = new ArrayList<>(st.frameContext);
    all.addAll(framePath);
    if (all.isEmpty()) {
      return true;
    }
    ArrayNode f = JSON.arrayNode();
    for (String locator : all) {
      Optional<Integer> index = ChromeSelectors.frameIndex(locator);
      if (index.isEmpty()) {
        return st.notWritten(ConversionCode.FRAME_UNRESOLVED, p, "frame " + locator + " cannot be written: the format locates frames by "
            + "index only; the step is not written");
      }
      f.add(index.get());
    }
    n.set("frame", f);
    return true;
  }

  void offset(ObjectNode n, Optional<Point> offset, String p) {
    if (offset.isPresent()) {
      number(n, "offsetX", offset.get().x());
      number(n, "offsetY", offset.get().y());
    } else {
      n.put("offsetX", ChromeRecorderExport.DEFAULT_OFFSET).put("offsetY", ChromeRecorderExport.DEFAULT_OFFSET);
      st.issues.info(ConversionCode.DEFAULT_FILLED, p, "the click has no recorded position and the format requires one: it is written at ("
          + ChromeRecorderExport.DEFAULT_OFFSET + ", " + ChromeRecorderExport.DEFAULT_OFFSET + ") from the element's top-left corner");
    }
  }

  private static void number(ObjectNode n, String field, double v) {
    if (v == Math.rint(v) && Math.abs(v) < 1e9) {
      n.put(field, (long) v);
    } else {
      n.put(field, v);
    }
  }

  ObjectNode key(String type, String key) {
    ObjectNode n = JSON.objectNode();
    n.put("type", type);
    target(n);
    n.put("key", key);
    return st.born(n);
  }
}
