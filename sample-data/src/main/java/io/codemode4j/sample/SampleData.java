package io.codemode4j.sample;

import java.io.IOException;
import java.io.InputStream;
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
    public static final List<String> FILE_NAMES = List.of(CUSTOMERS_FILE, INVOICES_FILE, INVOICE_LINES_FILE);

    private static final String RESOURCE_DIRECTORY = "io/codemode4j/sample/parquet/";
    /** Hex digits of the content hash in the cache directory name: 64 bits, collisions are not a concern. */
    private static final int HASH_PREFIX_LENGTH = 16;

    private SampleData() {
    }

    /**
     * A directory holding the bundled {@link #FILE_NAMES}. When the resources are plain files (the
     * classes directory of a build) that is their own directory; when they are inside a jar they are
     * extracted once to {@code cacheRoot/sample-<content hash>/}, atomically, and later calls (from
     * any process) reuse it. Treat the directory as read-only.
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
            Path directory = toPath(first).getParent();
            for (String name : FILE_NAMES) {
                if (!Files.isRegularFile(directory.resolve(name))) {
                    throw new IllegalStateException("bundled sample data is incomplete: " + name
                            + " is missing from " + directory);
                }
            }
            return directory;
        }
        Map<String, byte[]> contents = new LinkedHashMap<>();
        for (String name : FILE_NAMES) {
            try (InputStream in = resource(loader, name).openStream()) {
                contents.put(name, in.readAllBytes());
            }
        }
        Path target = cacheRoot.resolve("sample-" + hashPrefix(contents));
        if (isComplete(target, contents)) {
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
            if (!isComplete(target, contents)) {
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
            throw new IllegalStateException("bundled sample data " + RESOURCE_DIRECTORY + name
                    + " is missing from the classpath");
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

    /** The directory is only ever created by an atomic rename, so matching file sizes mean a whole copy. */
    private static boolean isComplete(Path directory, Map<String, byte[]> contents) throws IOException {
        for (Map.Entry<String, byte[]> file : contents.entrySet()) {
            Path path = directory.resolve(file.getKey());
            if (!Files.isRegularFile(path) || Files.size(path) != file.getValue().length) {
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
