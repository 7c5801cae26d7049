package io.browserflow.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Where {@code browserflow mcp} takes secrets from: a credentials file only its owner reads, and the environment. */
class McpCredentialsTest {
  @TempDir
  Path dir;

  @Test
  void should_read_the_owners_file_and_let_the_environment_win() throws IOException {
    Path file = Files.writeString(dir.resolve("creds.properties"), "PASSWORD=from-file\nUSERNAME=demo\n");
    Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-------"));

    Map<String, String> held = McpCommand.credentials(file, Map.of("BROWSERFLOW_CREDENTIAL_PASSWORD", "from-env",
        "PASSWORD", "not-this", "BROWSERFLOW_CREDENTIAL_", "nor-this"), new PrintWriter(new StringWriter()));

    assertThat(held).containsExactlyInAnyOrderEntriesOf(Map.of("PASSWORD", "from-env", "USERNAME", "demo"));
  }

  @Test
  void should_refuse_a_credentials_file_others_may_read_without_showing_it() throws IOException {
    Path file = Files.writeString(dir.resolve("creds.properties"), "PASSWORD=s3cret-Value\n");
    Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-r--r--"));

    assertThatThrownBy(() -> McpCommand.credentials(file, Map.of(), new PrintWriter(new StringWriter())))
        .isInstanceOf(IOException.class).hasMessageContaining("readable by other users", "chmod 600")
        .hasMessageNotContaining("s3cret-Value");
    CliFixture cli = CliFixture.run("mcp", "--flows", dir.toString(), "--credentials", file.toString());
    assertThat(cli.exit).isEqualTo(2);
    assertThat(cli.err()).contains("cannot read --credentials", "chmod 600").doesNotContain("s3cret-Value");
  }

  @Test
  void should_refuse_a_flows_folder_that_is_none_and_bad_limits() {
    CliFixture none = CliFixture.run("mcp", "--flows", dir.resolve("nope").toString());
    CliFixture limit = CliFixture.run("mcp", "--flows", dir.toString(), "--max-runs-per-flow", "0");
    CliFixture port = CliFixture.run("mcp", "--flows", dir.toString(), "--http", "70000");

    assertThat(none.exit).isEqualTo(2);
    assertThat(none.err()).contains("--flows", "is not a folder");
    assertThat(limit.err()).contains("--max-runs-per-flow must be between 1 and 16, was 0");
    assertThat(port.err()).contains("--http must be a port between 0 and 65535, was 70000");
  }

  @Test
  void should_need_a_token_for_http_and_keep_a_fresh_one_to_its_owner() throws IOException {
    CliFixture none = CliFixture.run("mcp", "--flows", dir.toString(), "--http", "0");
    assertThat(none.exit).isEqualTo(2);
    assertThat(none.err()).contains("--http needs a token", "--token-file FILE", "BROWSERFLOW_MCP_TOKEN");

    Path file = dir.resolve("mcp.token");
    String fresh = McpCommand.token(file, null);

    assertThat(fresh).hasSize(64);
    assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file))).isEqualTo("rw-------");
    assertThat(McpCommand.token(file, null)).as("read back").isEqualTo(fresh);
    assertThat(McpCommand.token(file, "from-env-token-123")).isEqualTo("from-env-token-123");
    Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-r--r--"));
    assertThatThrownBy(() -> McpCommand.token(file, null)).hasMessageContaining("chmod 600").hasMessageNotContaining(fresh);
    // whoever may write the token file chooses the token: group-writable is refused, though unreadable
    Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw--w----"));
    assertThatThrownBy(() -> McpCommand.token(file, null)).hasMessageContaining("writable by other users", "chmod 600")
        .hasMessageNotContaining(fresh);
  }

  @Test
  void should_refuse_a_credentials_file_others_may_write() throws IOException {
    Path file = Files.writeString(dir.resolve("creds.properties"), "PASSWORD=s3cret-Value\n");
    Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-----w-"));

    assertThatThrownBy(() -> McpCommand.credentials(file, Map.of(), new PrintWriter(new StringWriter())))
        .isInstanceOf(IOException.class).hasMessageContaining("writable by other users").hasMessageNotContaining("s3cret-Value");
  }
}
