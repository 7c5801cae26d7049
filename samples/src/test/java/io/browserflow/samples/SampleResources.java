package io.browserflow.samples;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/** The module's shipped resources, found through the test class path (target/classes). */
final class SampleResources {
  private SampleResources() {}

  static Path dir(String name) {
    URL url = SampleResources.class.getResource("/" + name);
    if (url == null) {
      throw new IllegalStateException("no resource directory " + name + " on the class path");
    }
    try {
      return Path.of(url.toURI());
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }

  static List<Path> flowFiles() {
    try (Stream<Path> files = Files.list(dir("flows"))) {
      return files.filter(p -> p.getFileName().toString().endsWith(".flow.json")).sorted().collect(Collectors.toList());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static Path flowFile(String id) {
    return dir("flows").resolve(id + ".flow.json");
  }

  static String flowId(Path file) {
    String name = file.getFileName().toString();
    return name.substring(0, name.length() - ".flow.json".length());
  }

  static List<Path> demoAppFiles() {
    try (Stream<Path> files = Files.walk(dir("demo-app"))) {
      return files.filter(Files::isRegularFile).sorted().collect(Collectors.toList());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static String read(Path file) {
    try {
      return Files.readString(file, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
