package io.codemode4j.sample;

import java.io.IOException;
import java.io.InputStream;
import java.net.JarURLConnection;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;

/**
 * The bundled sample data set: the parquet files of {@link GeneratorConfig#bundled()}, shipped as
 * classpath resources of this module's jar.
 */
public final class SampleData {

  /** Customers: {@code customer_id, name, region, segment, country}. */
  public static final String CUSTOMERS_FILE = "customers.parquet";

  /**
   * Invoices: {@code invoice_id, customer_id, region, issued_on, due_on, paid_on, status, currency,
   * amount_cents}.
   */
  public static final String INVOICES_FILE = "invoices.parquet";

  /** Invoice lines: {@code invoice_id, line_no, product, quantity, unit_price_cents}. */
  public static final String INVOICE_LINES_FILE = "invoice_lines.parquet";

  /** The files of a sample data set, in this order. */
  public static final List<String> FILE_NAMES =
      List.of(CUSTOMERS_FILE, INVOICES_FILE, INVOICE_LINES_FILE);

  private static final String RESOURCE_DIRECTORY = "io/codemode4j/sample/parquet/";

  /**
   * Hex digits of the content hash in the cache directory name: 64 bits, collisions are not a
   * concern.
   */
  private static final int HASH_PREFIX_LENGTH = 16;

  private SampleData() {}

  /**
   * A directory holding the bundled {@link #FILE_NAMES}. When the resources are plain files (the
   * classes directory of a build) that is their own directory; when they are inside a jar they are
   * extracted once to {@code cacheRoot/sample-<hash>/} (a hash of the jar entries' sizes and
   * CRC-32s, or of the content when the jar does not record them), atomically, and later calls
   * (from any process) reuse it. Treat the directory as read-only.
   *
   * @param cacheRoot where to extract to if needed; created if missing
   * @throws IllegalArgumentException if {@code cacheRoot} is null
   * @throws IllegalStateException if the resources are missing from the classpath
   * @throws IOException if extracting fails
   */
  public static Path bundledDirectory(Path cacheRoot) throws IOException {
    return bundledDirectory(cacheRoot, SampleData.class.getClassLoader());
  }

  static Path bundledDirectory(Path cacheRoot, ClassLoader loader) throws IOException {
    if (cacheRoot == null) {
      throw new IllegalArgumentException("cacheRoot must not be null");
    }
    URL first = resource(loader, FILE_NAMES.getFirst());
    if ("file".equals(first.getProtocol())) {
      // A resource file always has a parent directory.
      Path directory = Objects.requireNonNull(toPath(first).getParent());
      for (String name : FILE_NAMES) {
        if (!Files.isRegularFile(directory.resolve(name))) {
          throw new IllegalStateException(
              "bundled sample data is incomplete: " + name + " is missing from " + directory);
        }
      }
      return directory;
    }
    // Decided: in a jar, the directory is named after the files' sizes and CRC-32s from the jar's
    // central directory, which cost no inflating; the content is read only to extract it, once.
    // Reading
    // and hashing the 1.3 MB on every start cost tens of milliseconds of each command. A CRC-32 is
    // no
    // defence against a crafted collision, but the resources are this jar's own: the name only has
    // to
    // tell releases of the data apart, and a changed file also has to keep its size to collide.
    Optional<Map<String, Long>> sizes = entrySizes(loader);
    if (sizes.isPresent()) {
      Path target = cacheRoot.resolve("sample-" + hashPrefix(entryKeys(loader)));
      if (isComplete(target, sizes.get())) {
        return target;
      }
      return extract(cacheRoot, target, contents(loader));
    }
    Map<String, byte[]> contents = contents(loader);
    return extract(cacheRoot, cacheRoot.resolve("sample-" + hashPrefix(contents)), contents);
  }

  private static Map<String, byte[]> contents(ClassLoader loader) throws IOException {
    Map<String, byte[]> contents = new LinkedHashMap<>();
    for (String name : FILE_NAMES) {
      try (InputStream in = resource(loader, name).openStream()) {
        contents.put(name, in.readAllBytes());
      }
    }
    return contents;
  }

  /**
   * The jar entries' uncompressed sizes, when every file is an entry of a jar that records its size
   * and CRC.
   */
  private static Optional<Map<String, Long>> entrySizes(ClassLoader loader) throws IOException {
    Map<String, Long> sizes = new LinkedHashMap<>();
    for (String name : FILE_NAMES) {
      Optional<JarEntry> entry = jarEntry(loader, name);
      if (entry.isEmpty() || entry.get().getSize() < 0 || entry.get().getCrc() < 0) {
        return Optional.empty();
      }
      sizes.put(name, entry.get().getSize());
    }
    return Optional.of(sizes);
  }

  /** Per file its name, size and CRC-32 as the content to hash for the directory name. */
  private static Map<String, byte[]> entryKeys(ClassLoader loader) throws IOException {
    Map<String, byte[]> keys = new LinkedHashMap<>();
    for (String name : FILE_NAMES) {
      JarEntry entry = jarEntry(loader, name).orElseThrow();
      keys.put(
          name,
          ("size " + entry.getSize() + " crc32 " + entry.getCrc())
              .getBytes(StandardCharsets.UTF_8));
    }
    return keys;
  }

  private static Optional<JarEntry> jarEntry(ClassLoader loader, String name) throws IOException {
    if (!(resource(loader, name).openConnection() instanceof JarURLConnection jar)) {
      return Optional.empty();
    }
    // Not cached: a closed class loader must not leave a shared open jar behind.
    jar.setUseCaches(false);
    try (JarFile file = jar.getJarFile()) {
      return Optional.ofNullable(file.getJarEntry(jar.getEntryName()));
    }
  }

  private static Path extract(Path cacheRoot, Path target, Map<String, byte[]> contents)
      throws IOException {
    Map<String, Long> sizes = new LinkedHashMap<>();
    contents.forEach((name, bytes) -> sizes.put(name, (long) bytes.length));
    if (isComplete(target, sizes)) {
      return target;
    }
    Files.createDirectories(cacheRoot);
    Path staging = Files.createTempDirectory(cacheRoot, ".sample-");
    try {
      for (Map.Entry<String, byte[]> file : contents.entrySet()) {
        Files.write(staging.resolve(file.getKey()), file.getValue());
      }
      Files.move(staging, target, StandardCopyOption.ATOMIC_MOVE);
    } catch (IOException e) {
      // Another process may have extracted the same content first; its copy is as good.
      if (!isComplete(target, sizes)) {
        throw e;
      }
    } finally {
      Directories.deleteRecursively(staging);
    }
    return target;
  }

  private static URL resource(ClassLoader loader, String name) {
    URL url = loader.getResource(RESOURCE_DIRECTORY + name);
    if (url == null) {
      throw new IllegalStateException(
          "bundled sample data " + RESOURCE_DIRECTORY + name + " is missing from the classpath");
    }
    return url;
  }

  private static Path toPath(URL url) {
    try {
      return Path.of(url.toURI());
    } catch (URISyntaxException e) {
      throw new IllegalStateException("unexpected resource URL " + url, e);
    }
  }

  /**
   * The directory is only ever created by an atomic rename, so matching file sizes mean a whole
   * copy.
   */
  private static boolean isComplete(Path directory, Map<String, Long> sizes) throws IOException {
    for (Map.Entry<String, Long> file : sizes.entrySet()) {
      Path path = directory.resolve(file.getKey());
      if (!Files.isRegularFile(path) || Files.size(path) != file.getValue()) {
        return false;
      }
    }
    return true;
  }

  private static String hashPrefix(Map<String, byte[]> contents) {
    MessageDigest sha256;
    try {
      sha256 = MessageDigest.getInstance("SHA-256");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every Java platform provides SHA-256", e);
    }
    for (Map.Entry<String, byte[]> file : contents.entrySet()) {
      sha256.update(file.getKey().getBytes(StandardCharsets.UTF_8));
      sha256.update((byte) 0);
      sha256.update(file.getValue());
    }
    return HexFormat.of().formatHex(sha256.digest()).substring(0, HASH_PREFIX_LENGTH);
  }
}
