package io.codemode4j.sample;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

import java.io.IOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SampleDataTest {

  private static final String RESOURCE_DIRECTORY = "io/codemode4j/sample/parquet/";

  @TempDir Path temp;

  @Test
  void bundledDirectory_thisModulesClasspath_holdsTheCommittedFiles() throws IOException {
    Path dir = SampleData.bundledDirectory(temp.resolve("cache"));

    assertSameFiles(dir, CommittedData.directory());
  }

  @Test
  void bundledDirectory_resourcesInADirectory_returnsThatDirectoryWithoutExtracting()
      throws IOException {
    Path classes = temp.resolve("classes");
    Path resources = Files.createDirectories(classes.resolve(RESOURCE_DIRECTORY));
    for (String name : SampleData.FILE_NAMES) {
      Files.copy(CommittedData.directory().resolve(name), resources.resolve(name));
    }
    Path cache = temp.resolve("cache");

    try (URLClassLoader loader = loader(classes)) {
      assertThat(SampleData.bundledDirectory(cache, loader)).isEqualTo(resources);
    }
    assertThat(cache).doesNotExist();
  }

  @Test
  void bundledDirectory_resourcesInAJar_extractsOnceToAContentHashedDirectory() throws IOException {
    Path jar = jar(temp.resolve("sample.jar"), new byte[0]);
    Path cache = temp.resolve("cache");

    Path first;
    Path second;
    try (URLClassLoader loader = loader(jar)) {
      first = SampleData.bundledDirectory(cache, loader);
      Path marker = first.resolve(SampleData.CUSTOMERS_FILE);
      Files.setLastModifiedTime(marker, FileTime.fromMillis(0));
      second = SampleData.bundledDirectory(cache, loader);
      assertThat(Files.getLastModifiedTime(marker).toMillis()).as("not extracted again").isZero();
    }

    assertThat(second).isEqualTo(first);
    assertThat(first.getParent()).isEqualTo(cache);
    assertThat(first.getFileName().toString()).matches("sample-[0-9a-f]{16}");
    assertSameFiles(first, CommittedData.directory());
    try (Stream<Path> entries = Files.list(cache)) {
      assertThat(entries).as("no staging directory left").containsExactly(first);
    }
  }

  @Test
  void bundledDirectory_differentContent_extractsToADifferentDirectory() throws IOException {
    Path cache = temp.resolve("cache");
    Path original;
    Path changed;
    try (URLClassLoader loader = loader(jar(temp.resolve("a.jar"), new byte[0]))) {
      original = SampleData.bundledDirectory(cache, loader);
    }
    try (URLClassLoader loader = loader(jar(temp.resolve("b.jar"), new byte[] {1}))) {
      changed = SampleData.bundledDirectory(cache, loader);
    }

    assertThat(changed).isNotEqualTo(original);
    assertThat(Files.size(changed.resolve(SampleData.INVOICE_LINES_FILE)))
        .isEqualTo(Files.size(original.resolve(SampleData.INVOICE_LINES_FILE)) + 1);
  }

  @Test
  void bundledDirectory_resourcesMissing_failsNamingTheResource() throws IOException {
    try (URLClassLoader empty = new URLClassLoader(new URL[0], null)) {
      assertThatIllegalStateException()
          .isThrownBy(() -> SampleData.bundledDirectory(temp, empty))
          .withMessageContaining(RESOURCE_DIRECTORY + SampleData.CUSTOMERS_FILE);
    }
  }

  @Test
  void bundledDirectory_nullCacheRoot_namesCacheRootInMessage() {
    assertThatIllegalArgumentException()
        .isThrownBy(() -> SampleData.bundledDirectory(null))
        .withMessage("cacheRoot must not be null");
  }

  /** A jar of the committed files, with {@code extra} appended to the last one. */
  private static Path jar(Path jar, byte[] extra) throws IOException {
    try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar))) {
      for (String name : SampleData.FILE_NAMES) {
        out.putNextEntry(new JarEntry(RESOURCE_DIRECTORY + name));
        Files.copy(CommittedData.directory().resolve(name), out);
        if (name.equals(SampleData.INVOICE_LINES_FILE)) {
          out.write(extra);
        }
        out.closeEntry();
      }
    }
    return jar;
  }

  private static URLClassLoader loader(Path root) throws IOException {
    return new URLClassLoader(new URL[] {root.toUri().toURL()}, null);
  }

  private static void assertSameFiles(Path actual, Path expected) throws IOException {
    for (String name : SampleData.FILE_NAMES) {
      assertThat(Files.mismatch(actual.resolve(name), expected.resolve(name)))
          .as(name)
          .isEqualTo(-1L);
    }
  }
}
