package io.browserflow.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code run --shard I/N} splits a suite deterministically; {@code merge-reports} puts the parts back together. */
@Tag("browser")
class ShardAndMergeTest {
  @TempDir
  Path dir;

  private Path site() throws Exception {
    return CliFixture.site(dir, "index.html", "<!doctype html><title>Part</title><p>part</p>");
  }

  private List<String> flows(String... names) throws Exception {
    List<String> files = new ArrayList<>();
    for (String name : names) {
      Path machine = Files.createDirectories(dir.resolve("checkout-" + files.size() % 2));
      files.add(Files.writeString(machine.resolve(name + ".flow.json"), "{\"schema\":\"browserflow/1\",\"name\":\"" + name
          + "\",\"inputs\":[{\"key\":\"SERVER_URL\",\"type\":\"url\"}],\"steps\":[{\"id\":\"open\",\"op\":\"open\","
          + "\"url\":\"${SERVER_URL}/index.html\"},{\"id\":\"seen\",\"op\":\"assert\",\"condition\":{\"text\":\"part\"}}]}")
          .toString());
    }
    return files;
  }

  private static List<String> names(JsonNode results) {
    return CliFixture.field(results, "flowName");
  }

  @Test
  void should_split_a_suite_across_machines_and_merge_their_reports() throws Exception {
    List<String> files = flows("alpha", "bravo", "charlie", "delta", "echo");
    String site = site().toString();
    List<String> first = new ArrayList<>(List.of("run", "--shard", "1/2", "--serve", site, "--json", "--report",
        dir.resolve("r1").toString()));
    first.addAll(files);
    // the second machine lists the files in another order: the split does not depend on it
    List<String> second = new ArrayList<>(List.of("run", "--shard", "2/2", "--serve", site, "--json", "--report",
        dir.resolve("r2").toString()));
    List<String> reversed = new ArrayList<>(files);
    java.util.Collections.reverse(reversed);
    second.addAll(reversed);

    CliFixture one = CliFixture.run(first.toArray(new String[0]));
    CliFixture two = CliFixture.run(second.toArray(new String[0]));

    assertThat(one.exit).as(one.err()).isZero();
    assertThat(two.exit).as(two.err()).isZero();
    assertThat(names(new ObjectMapper().readTree(one.out()))).containsExactly("alpha", "charlie", "echo");
    assertThat(names(new ObjectMapper().readTree(two.out()))).containsExactlyInAnyOrder("bravo", "delta");
    assertThat(one.err()).contains("shard 1/2: 3 of the flows (5 units in all)");

    CliFixture merged = CliFixture.run("merge-reports", dir.resolve("r1").toString(), dir.resolve("r2").toString(),
        "--out", dir.resolve("all").toString());
    assertThat(merged.exit).as(merged.err()).isZero();
    assertThat(merged.out()).contains("merged 5 results from 2 reports (5 succeeded)");
    JsonNode all = new ObjectMapper().readTree(dir.resolve("all").resolve("results.json").toFile());
    assertThat(names(all)).containsExactlyInAnyOrder("alpha", "bravo", "charlie", "delta", "echo");
    assertThat(Files.readString(dir.resolve("all").resolve("index.html"))).contains("alpha", "bravo", "charlie", "delta", "echo");
  }

  @Test
  void should_refuse_a_bad_shard_and_a_folder_without_results() throws Exception {
    List<String> files = flows("alpha");
    CliFixture bad = CliFixture.run("run", "--shard", "3/2", files.get(0));
    assertThat(bad.exit).isEqualTo(2);
    assertThat(bad.err()).contains("--shard takes I/N with 1 <= I <= N <= 1000", "was '3/2'");

    CliFixture empty = CliFixture.run("merge-reports", Files.createDirectories(dir.resolve("nothing")).toString());
    assertThat(empty.exit).isEqualTo(2);
    assertThat(empty.err()).contains("holds no results.json; give folders written by run --report");
  }
}
