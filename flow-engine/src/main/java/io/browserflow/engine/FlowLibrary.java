package io.browserflow.engine;

import io.browserflow.api.ErrorCode;
import io.browserflow.api.Flow;
import io.browserflow.api.FlowException;
import io.browserflow.api.FlowRunException;
import io.browserflow.api.json.FlowJson;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Where an engine finds the flows {@code call} steps name when the calling flow holds no subflow of
 * that id ({@link FlowEngine.Builder#flowLibrary}). A library is read when a run starts, so a flow
 * changed on disk is called as it is now.
 *
 * <pre>{@code
 * FlowEngine engine = FlowEngine.builder().driver(driver)
 *     .flowLibrary(FlowLibrary.directory(Path.of("flows")))   // every *.flow.json by its id
 *     .build();
 * }</pre>
 */
@FunctionalInterface
public interface FlowLibrary {
  /**
   * The flow with this id, if the library holds one.
   *
   * @throws FlowRunException when the library cannot say (an unreadable file, two flows of one id)
   */
  Optional<Flow> find(String id);

  /** A library without flows: calls resolve to subflows only. */
  static FlowLibrary none() {
    return id -> Optional.empty();
  }

  /** These flows, by id. */
  static FlowLibrary of(Flow... flows) {
    Map<String, Flow> byId = new LinkedHashMap<>();
    for (Flow f : flows) {
      if (byId.put(f.id(), f) != null) {
        throw new IllegalArgumentException("two flows of the library have the id " + f.id());
      }
    }
    return id -> Optional.ofNullable(byId.get(id));
  }

  /**
   * The {@code *.flow.json} files directly in {@code dir}, each by its flow's id, read (and
   * validated) when a call asks for that id.
   */
  static FlowLibrary directory(Path dir) {
    return id -> {
      List<Path> files;
      try (Stream<Path> s = Files.list(dir)) {
        files = s.filter(p -> p.getFileName().toString().endsWith(".flow.json")).sorted().toList();
      } catch (IOException e) {
        throw new FlowRunException(ErrorCode.FILE_UNREADABLE, "the flow library " + dir + " cannot be listed: " + e.getMessage());
      }
      Flow found = null;
      Path foundIn = null;
      for (Path file : files) {
        Flow f;
        try {
          f = FlowJson.read(file);
        } catch (FlowException e) {
          // a broken file that is not the one asked for does not stop the call
          if (file.getFileName().toString().equals(id + ".flow.json")) {
            throw new FlowRunException(e.code(), "the flow library's " + file + " cannot be read: " + e.getMessage());
          }
          continue;
        }
        if (f.id().equals(id)) {
          if (found != null) {
            throw new FlowRunException(ErrorCode.DUPLICATE_ID, "the flow library " + dir + " holds two flows of the id " + id
                + ": " + foundIn.getFileName() + " and " + file.getFileName());
          }
          found = f;
          foundIn = file;
        }
      }
      return Optional.ofNullable(found);
    };
  }
}
