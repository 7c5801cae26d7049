package io.browserflow.engine;

import static org.assertj.core.api.Assertions.assertThat;

import io.browserflow.engine.store.RunStore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Properties;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The store contract on the embedded H2 store. */
class EmbeddedRunStoreContractTest extends RunStoreContract {
  @TempDir
  Path dir;

  @Override
  protected RunStore open() {
    return RunStore.embedded(dir);
  }

  @Test
  void should_let_other_processes_of_this_machine_share_the_store_but_listen_on_loopback_only() throws Exception {
    RunStore store = open();
    try {
      store.unfinished(); // connects, which starts the automatic server
      Properties lock = new Properties();
      try (var in = Files.newInputStream(dir.resolve("runs.lock.db"))) {
        lock.load(in);
      }
      String server = lock.getProperty("server");
      String port = String.format("%04X", Integer.parseInt(server.substring(server.lastIndexOf(':') + 1)));

      // every socket listening on that port, from the kernel's tables: local address, hex
      List<String> listening = Stream.of("/proc/net/tcp", "/proc/net/tcp6").map(Path::of).filter(Files::exists)
          .flatMap(p -> {
            try {
              return Files.readAllLines(p).stream().skip(1);
            } catch (java.io.IOException e) {
              throw new java.io.UncheckedIOException(e);
            }
          })
          .map(l -> l.trim().split("\\s+")).filter(f -> f[1].endsWith(":" + port) && f[3].equals("0A"))
          .map(f -> f[1].substring(0, f[1].indexOf(':'))).collect(Collectors.toList());

      assertThat(server).matches("(127\\.0\\.0\\.1|localhost):[0-9]+");
      assertThat(listening).as("H2's automatic server on port %s", server).isNotEmpty()
          .allSatisfy(address -> assertThat(address).isIn("0100007F", "0000000000000000FFFF00000100007F"));
    } finally {
      if (store instanceof AutoCloseable c) {
        c.close();
      }
    }
  }
}
