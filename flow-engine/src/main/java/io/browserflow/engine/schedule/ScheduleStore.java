package io.browserflow.engine.schedule;

import io.browserflow.api.ErrorCode;
import io.browserflow.api.Flow;
import io.browserflow.api.FlowRunException;
import io.browserflow.api.json.FlowJson;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * Where a {@link FlowScheduler} keeps its schedules across restarts: each scheduled flow with its
 * schedule (enabled or not) and the inputs of its runs in the schedule's {@code input}, as flow
 * JSON. Credentials are never kept: {@link FlowScheduler#restore} takes them again. A one-shot
 * schedule that fired is removed.
 *
 * <pre>{@code
 * FlowScheduler scheduler = FlowScheduler.builder(engine).store(ScheduleStore.directory(Path.of("schedules"))).build();
 * scheduler.restore(credentials);   // what an earlier process scheduled, missed one-shots included
 * }</pre>
 */
public interface ScheduleStore {
  /** Keeps the flow, its {@code schedule} set (replacing what was kept for its id). */
  void save(Flow scheduled);

  void remove(String flowId);

  /** Every flow kept, each with its schedule. */
  List<Flow> load();

  /** Keeps nothing: schedules live as long as the scheduler. */
  static ScheduleStore none() {
    return new ScheduleStore() {
      @Override public void save(Flow scheduled) {}
      @Override public void remove(String flowId) {}
      @Override public List<Flow> load() { return List.of(); }
    };
  }

  /** One {@code <flow id>.flow.json} per scheduled flow in {@code dir}, written whole (a temporary file moved into place). */
  static ScheduleStore directory(Path dir) {
    return new ScheduleStore() {
      private Path file(String flowId) {
        return dir.resolve(flowId.replaceAll("[^A-Za-z0-9._-]", "_") + ".flow.json");
      }

      @Override
      public synchronized void save(Flow scheduled) {
        try {
          Files.createDirectories(dir);
          Path tmp = Files.createTempFile(dir, ".schedule", ".part");
          Files.writeString(tmp, FlowJson.write(scheduled), StandardCharsets.UTF_8);
          Files.move(tmp, file(scheduled.id()), StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
          throw new FlowRunException(ErrorCode.STORE_FAILED, "the schedule of " + scheduled.id() + " cannot be kept in "
              + dir + ": " + e.getMessage());
        }
      }

      @Override
      public synchronized void remove(String flowId) {
        try {
          Files.deleteIfExists(file(flowId));
        } catch (IOException e) {
          throw new FlowRunException(ErrorCode.STORE_FAILED, "the schedule of " + flowId + " cannot be removed from "
              + dir + ": " + e.getMessage());
        }
      }

      @Override
      public synchronized List<Flow> load() {
        if (!Files.isDirectory(dir)) {
          return List.of();
        }
        List<Flow> flows = new ArrayList<>();
        try (Stream<Path> files = Files.list(dir)) {
          for (Path f : files.filter(p -> p.getFileName().toString().endsWith(".flow.json")).sorted().toList()) {
            flows.add(FlowJson.read(f));
          }
        } catch (IOException e) {
          throw new FlowRunException(ErrorCode.STORE_FAILED, "the schedules in " + dir + " cannot be read: " + e.getMessage());
        }
        return flows;
      }
    };
  }
}
