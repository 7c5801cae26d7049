package io.browserflow.playwright;

import com.microsoft.playwright.Download;
import com.microsoft.playwright.Page;
import io.browserflow.engine.spi.DownloadInfo;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * Downloads of one browser context. Playwright announces a download when it starts; it is recorded
 * as completed once saved into {@code <artifacts>/downloads/} under its suggested name (made unique),
 * which {@link #settle()} does (waiting for the transfer to end) before anyone looks at the list.
 */
final class Downloads {
  private final Path dir;
  private final ConcurrentLinkedQueue<Download> pending = new ConcurrentLinkedQueue<>();
  private final List<DownloadInfo> done = Collections.synchronizedList(new ArrayList<>());
  private final Set<Page> watched = Collections.synchronizedSet(Collections.newSetFromMap(new IdentityHashMap<>()));

  Downloads(Path dir) {
    this.dir = dir;
  }

  /** On the driver thread. */
  void watch(Page page) {
    if (watched.add(page)) {
      page.onDownload(pending::add);
    }
  }

  boolean hasPending() {
    return !pending.isEmpty();
  }

  /** On the driver thread: saves every announced download; failed ones are dropped (they never completed). */
  void settle() {
    Download d;
    while ((d = pending.poll()) != null) {
      try {
        Files.createDirectories(dir);
        String name = safeName(d.suggestedFilename());
        Path target = unique(name);
        d.saveAs(target);
        done.add(DownloadInfo.of(name, target));
      } catch (RuntimeException | java.io.IOException e) {
        // a failed or cancelled download is not a completed one
      }
    }
  }

  List<DownloadInfo> completed() {
    synchronized (done) {
      return List.copyOf(done);
    }
  }

  private Path unique(String name) {
    Path p = dir.resolve(name);
    int dot = name.lastIndexOf('.');
    String stem = dot > 0 ? name.substring(0, dot) : name;
    String ext = dot > 0 ? name.substring(dot) : "";
    for (int n = 2; Files.exists(p); n++) {
      p = dir.resolve(stem + "-" + n + ext);
    }
    return p;
  }

  private static String safeName(String suggested) {
    String n = suggested == null ? "" : suggested.replaceAll("[/\\\\:\\x00]", "_").strip();
    if (n.isEmpty() || n.equals(".") || n.equals("..")) {
      n = "download";
    }
    return n;
  }
}
