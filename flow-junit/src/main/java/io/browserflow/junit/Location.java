package io.browserflow.junit;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.JarURLConnection;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.URL;
import java.net.URLConnection;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.List;
import java.util.Optional;
import java.util.TreeMap;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.stream.Stream;

/**
 * Where a flow, a CSV or a served folder comes from: {@code classpath:<resource>} or a file path
 * ({@code file:} prefix optional), relative paths against the working directory.
 */
final class Location {
  static final String CLASSPATH = "classpath:";

  private final String spec;
  private final String resource; // class-path resource name, no leading slash; null for files
  private final Path path;       // null for class-path locations

  private Location(String spec, String resource, Path path) {
    this.spec = spec;
    this.resource = resource;
    this.path = path;
  }

  static Location of(String spec) {
    String s = spec.trim();
    if (s.startsWith(CLASSPATH)) {
      String r = s.substring(CLASSPATH.length());
      while (r.startsWith("/")) {
        r = r.substring(1);
      }
      return new Location(spec, r, null);
    }
    if (s.startsWith("file:")) {
      try {
        return new Location(spec, null, Path.of(URI.create(s)));
      } catch (IllegalArgumentException e) {
        return new Location(spec, null, Path.of(s.substring("file:".length())));
      }
    }
    return new Location(spec, null, Path.of(s));
  }

  String spec() {
    return spec;
  }

  /** The file path; null for class-path locations. */
  Path path() {
    return path;
  }

  boolean onClasspath() {
    return resource != null;
  }

  /** The file name: the last segment. */
  String fileName() {
    String r = onClasspath() ? resource : path.toString().replace('\\', '/');
    while (r.endsWith("/")) {
      r = r.substring(0, r.length() - 1);
    }
    return r.substring(r.lastIndexOf('/') + 1);
  }

  static ClassLoader loader() {
    ClassLoader cl = Thread.currentThread().getContextClassLoader();
    return cl != null ? cl : Location.class.getClassLoader();
  }

  /** A file or class-path resource that is not a folder. */
  boolean isFile() {
    if (!onClasspath()) {
      return Files.isRegularFile(path);
    }
    if (resource.isEmpty() || resource.endsWith("/")) {
      return false;
    }
    URL url = loader().getResource(resource);
    if (url == null) {
      return false;
    }
    if ("file".equals(url.getProtocol())) {
      try {
        return Files.isRegularFile(Path.of(url.toURI()));
      } catch (URISyntaxException | IllegalArgumentException e) {
        return true;
      }
    }
    return true;
  }

  boolean isFolder() {
    if (!onClasspath()) {
      return Files.isDirectory(path);
    }
    String dir = folderName();
    try {
      Enumeration<URL> urls = loader().getResources(dir.isEmpty() ? "" : dir);
      while (urls.hasMoreElements()) {
        URL url = urls.nextElement();
        if (!"file".equals(url.getProtocol()) || Files.isDirectory(Path.of(url.toURI()))) {
          return true;
        }
      }
    } catch (IOException | URISyntaxException | IllegalArgumentException e) {
      return false;
    }
    return false;
  }

  private String folderName() {
    String r = resource;
    while (r.endsWith("/")) {
      r = r.substring(0, r.length() - 1);
    }
    return r;
  }

  /** The content as text (UTF-8); empty when there is no such file. */
  Optional<String> read() {
    try (InputStream in = open()) {
      return in == null ? Optional.empty() : Optional.of(new String(in.readAllBytes(), StandardCharsets.UTF_8));
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + spec + ": " + e.getMessage(), e);
    }
  }

  /** Opens the file, or returns null when it does not exist. */
  InputStream open() throws IOException {
    if (!isFile()) {
      return null;
    }
    return onClasspath() ? loader().getResourceAsStream(resource) : Files.newInputStream(path);
  }

  /** Where a report can point: a file URI, or the class-path URI JUnit understands. */
  URI uri() {
    if (!onClasspath()) {
      return path.toAbsolutePath().normalize().toUri();
    }
    return URI.create("classpath:/" + resource);
  }

  /** The child of this folder with that name. */
  Location child(String name) {
    if (onClasspath()) {
      String dir = folderName();
      return new Location(CLASSPATH + (dir.isEmpty() ? "" : dir + "/") + name, (dir.isEmpty() ? "" : dir + "/") + name, null);
    }
    Path p = path.resolve(name);
    return new Location(p.toString(), null, p);
  }

  /** Names of the files directly in this folder (over every class-path root), sorted; empty when it is no folder. */
  List<String> list() {
    TreeMap<String, Boolean> names = new TreeMap<>();
    if (!onClasspath()) {
      if (Files.isDirectory(path)) {
        try (Stream<Path> files = Files.list(path)) {
          files.filter(Files::isRegularFile).forEach(p -> names.put(p.getFileName().toString(), true));
        } catch (IOException e) {
          throw new UncheckedIOException("cannot list " + spec + ": " + e.getMessage(), e);
        }
      }
      return new ArrayList<>(names.keySet());
    }
    String dir = folderName();
    try {
      Enumeration<URL> urls = loader().getResources(dir);
      while (urls.hasMoreElements()) {
        URL url = urls.nextElement();
        if ("file".equals(url.getProtocol())) {
          Path root = Path.of(url.toURI());
          if (Files.isDirectory(root)) {
            try (Stream<Path> files = Files.list(root)) {
              files.filter(Files::isRegularFile).forEach(p -> names.put(p.getFileName().toString(), true));
            }
          }
        } else if ("jar".equals(url.getProtocol())) {
          URLConnection c = url.openConnection();
          c.setUseCaches(false);
          if (c instanceof JarURLConnection) {
            String prefix = dir.isEmpty() ? "" : dir + "/";
            try (JarFile jar = ((JarURLConnection) c).getJarFile()) {
              for (Enumeration<JarEntry> e = jar.entries(); e.hasMoreElements(); ) {
                String name = e.nextElement().getName();
                if (name.startsWith(prefix) && name.length() > prefix.length()) {
                  String rest = name.substring(prefix.length());
                  if (!rest.contains("/")) {
                    names.put(rest, true);
                  }
                }
              }
            }
          }
        }
      }
    } catch (IOException | URISyntaxException e) {
      throw new UncheckedIOException("cannot list " + spec + ": " + e.getMessage(),
          e instanceof IOException ? (IOException) e : new IOException(e));
    }
    return new ArrayList<>(names.keySet());
  }

  /** For messages: where it was looked for. */
  String describe() {
    return onClasspath() ? "class-path resource " + resource : "file " + path.toAbsolutePath().normalize();
  }

  @Override
  public String toString() {
    return spec;
  }
}
