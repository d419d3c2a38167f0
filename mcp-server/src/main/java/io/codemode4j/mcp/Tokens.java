package io.codemode4j.mcp;

import io.codemode4j.bridge.Principal;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The bearer tokens an HTTP server accepts, each stored as the SHA-256 of the token and mapped to
 * the {@link Grant} it gives: who it acts for, its tenant keys, the methods it sees, its pass
 * limit.
 *
 * <p>A tokens file is JSON:
 *
 * <pre>{@code
 * {"tokens": [
 *   {"sha256": "<64 hex digits>", "principal": "emea-analyst", "tenant": ["emea"],
 *    "methods": ["warehouse.*", "billing.invoices"], "maxConcurrentPasses": 8}
 * ]}
 * }</pre>
 *
 * An entry confines its holder to {@code tenant}'s rows, or says {@code "allTenants": true} to
 * serve it every tenant's rows: one of the two, never neither, so no token reads every tenant by an
 * omission. {@code methods} left out: every method; {@code maxConcurrentPasses} left out: {@value
 * Grant#DEFAULT_CONCURRENT_PASSES}. {@code codemode mcp hash-token} prints the hash of a token.
 *
 * <p>Decided: only hashes are stored, so a leaked tokens file gives no access; tokens are meant to
 * be long random strings, which makes a plain SHA-256 enough (no salt or slow hash is needed
 * against guessing a 256-bit secret). A file that is wrong anywhere is refused whole, naming the
 * entry and the field, so no server starts with fewer tokens than its operator wrote.
 */
public final class Tokens {

  /** The least entropy a token may carry, estimated from the characters it draws from. */
  public static final int MIN_TOKEN_BITS = 128;

  /** The fewest distinct characters a token may have. */
  public static final int MIN_DISTINCT = 8;

  private static final SecureRandom RANDOM = new SecureRandom();
  private static final Pattern HEX = Pattern.compile("[0-9a-f]{64}");
  private static final Set<String> FIELDS =
      Set.of("sha256", "principal", "tenant", "allTenants", "methods", "maxConcurrentPasses");

  private final Map<String, Grant> byHash;

  private Tokens(Map<String, Grant> byHash) {
    this.byHash = Map.copyOf(byHash);
  }

  /** Tokens from SHA-256 hex (lowercase) to grant. */
  public static Tokens of(Map<String, Grant> byHash) {
    Objects.requireNonNull(byHash, "byHash");
    if (byHash.isEmpty()) {
      throw new IllegalArgumentException("no tokens: give at least one, or no client can connect");
    }
    Map<String, Grant> principals = new LinkedHashMap<>();
    byHash.forEach(
        (hash, grant) -> {
          if (!HEX.matcher(hash).matches()) {
            throw new IllegalArgumentException(
                "a token hash must be 64 lowercase hex digits (SHA-256), was \"" + hash + "\"");
          }
          Grant other = principals.putIfAbsent(grant.principal().id(), grant);
          if (other != null && !other.equals(grant)) {
            throw new IllegalArgumentException(
                "two tokens of principal "
                    + grant.principal().id()
                    + " give different grants: give each principal one tenant, one method list"
                    + " and one limit");
          }
        });
    return new Tokens(byHash);
  }

  /**
   * Reads a tokens file (format above).
   *
   * @throws IOException when the file cannot be read
   * @throws IllegalArgumentException naming the entry and field when its content is wrong
   */
  public static Tokens load(Path file) throws IOException {
    String text = Files.readString(file, StandardCharsets.UTF_8);
    JsonNode root;
    try {
      root = JsonMapper.builder().build().readTree(text);
    } catch (JacksonException e) {
      throw new IllegalArgumentException(
          "the tokens file " + file + " is not JSON: " + e.getOriginalMessage());
    }
    if (root == null || !root.isObject() || !root.path("tokens").isArray()) {
      throw new IllegalArgumentException(
          "the tokens file "
              + file
              + " must be an object {\"tokens\": [{\"sha256\": ..., \"principal\": ...}, ...]}");
    }
    Map<String, Grant> byHash = new LinkedHashMap<>();
    int index = 0;
    for (JsonNode entry : root.get("tokens")) {
      String where = "tokens[" + index++ + "] of " + file;
      if (!entry.isObject()) {
        throw new IllegalArgumentException(where + " must be an object");
      }
      for (String field : entry.propertyNames()) {
        if (!FIELDS.contains(field)) {
          throw new IllegalArgumentException(
              where + " has an unknown field \"" + field + "\": the fields are " + FIELDS);
        }
      }
      String hash = text(entry, "sha256", where);
      if (!HEX.matcher(hash).matches()) {
        throw new IllegalArgumentException(
            where
                + ": sha256 must be 64 lowercase hex digits; `codemode mcp hash-token` prints the"
                + " hash of a token");
      }
      String principal = text(entry, "principal", where);
      List<String> tenant = strings(entry, "tenant", where);
      boolean allTenants = allTenants(entry, where);
      if (tenant == null && !allTenants) {
        throw new IllegalArgumentException(
            where
                + " says no tenant, so its holder would read every tenant's rows: give \"tenant\":"
                + " [\"<key value>\", ...] to confine it, or \"allTenants\": true to serve it every"
                + " tenant's rows");
      }
      if (tenant != null && allTenants) {
        throw new IllegalArgumentException(
            where + " gives both \"tenant\" and \"allTenants\": true; keep the one you mean");
      }
      List<String> methods = strings(entry, "methods", where);
      int limit = Grant.DEFAULT_CONCURRENT_PASSES;
      if (entry.has("maxConcurrentPasses")) {
        JsonNode n = entry.get("maxConcurrentPasses");
        if (!n.isIntegralNumber() || !n.canConvertToInt()) {
          throw new IllegalArgumentException(where + ": maxConcurrentPasses must be an integer");
        }
        limit = n.intValue();
      }
      Grant grant;
      try {
        grant =
            new Grant(
                tenant == null
                    ? Principal.unconfined(principal)
                    : Principal.ofTenant(principal, new LinkedHashSet<>(tenant)),
                methods,
                limit);
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException(where + ": " + e.getMessage(), e);
      }
      if (byHash.put(hash, grant) != null) {
        throw new IllegalArgumentException(where + " repeats the hash of an earlier token");
      }
    }
    try {
      return of(byHash);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("the tokens file " + file + ": " + e.getMessage(), e);
    }
  }

  /** The lowercase hex SHA-256 of {@code token}'s UTF-8 bytes, as a tokens file stores it. */
  public static String hash(String token) {
    try {
      return HexFormat.of()
          .formatHex(
              MessageDigest.getInstance("SHA-256").digest(token.getBytes(StandardCharsets.UTF_8)));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every JDK has SHA-256", e);
    }
  }

  /**
   * Why {@code token} is too weak to guard a server, or {@code null} when it is strong enough: at
   * least {@value #MIN_TOKEN_BITS} bits by the kinds of character it draws from (a random hex token
   * of 32 characters, base64url of 22), at least {@value #MIN_DISTINCT} distinct characters, and no
   * shorter text repeated to length. Decided: only hashes are stored and compared, so a token's
   * strength is all that stands against guessing; {@link #generate} makes one of 256 bits.
   */
  public static @Nullable String weakness(String token) {
    Objects.requireNonNull(token, "token");
    int length = token.codePointCount(0, token.length());
    int pool = 0;
    pool += token.chars().anyMatch(c -> c >= 'a' && c <= 'z') ? 26 : 0;
    pool += token.chars().anyMatch(c -> c >= 'A' && c <= 'Z') ? 26 : 0;
    pool += token.chars().anyMatch(c -> c >= '0' && c <= '9') ? 10 : 0;
    pool += token.chars().anyMatch(c -> !Character.isLetterOrDigit(c)) ? 32 : 0;
    int bits = pool == 0 ? 0 : (int) (length * Math.log(pool) / Math.log(2));
    long distinct = token.chars().distinct().count();
    String why =
        bits < MIN_TOKEN_BITS
            ? length + " characters carry about " + bits + " bits"
            : distinct < MIN_DISTINCT
                ? "it uses only " + distinct + " distinct character" + (distinct == 1 ? "" : "s")
                : repeats(token) ? "it repeats a shorter text" : null;
    return why == null
        ? null
        : "the token is too weak to guard a server ("
            + why
            + "; a token needs at least "
            + MIN_TOKEN_BITS
            + " bits and "
            + MIN_DISTINCT
            + " distinct characters, and no repetition): make one with `codemode mcp new-token`";
  }

  /** Whether {@code text} is a shorter text repeated (wholly or in part) to its length. */
  private static boolean repeats(String text) {
    for (int period = 1; period <= text.length() / 2; period++) {
      if (text.regionMatches(period, text, 0, text.length() - period)) {
        return true;
      }
    }
    return false;
  }

  /** A new random bearer token: 32 bytes of {@link SecureRandom}, base64url without padding. */
  public static String generate() {
    byte[] bytes = new byte[32];
    RANDOM.nextBytes(bytes);
    return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
  }

  /** The grant of {@code token}, or null when it is not one of these. */
  public @Nullable Grant grant(String token) {
    return byHash.get(hash(token));
  }

  /** Every grant, each once, in no particular order. */
  public List<Grant> grants() {
    return new ArrayList<>(new LinkedHashSet<>(byHash.values()));
  }

  /** The entry's {@code allTenants}: false when absent, else it must be a boolean. */
  private static boolean allTenants(JsonNode entry, String where) {
    if (!entry.has("allTenants")) {
      return false;
    }
    if (!entry.get("allTenants").isBoolean()) {
      throw new IllegalArgumentException(where + ": allTenants must be true or false");
    }
    return entry.get("allTenants").booleanValue();
  }

  private static String text(JsonNode entry, String field, String where) {
    JsonNode n = entry.get(field);
    if (n == null || !n.isString() || n.asString().isBlank()) {
      throw new IllegalArgumentException(where + " needs \"" + field + "\", a non-empty string");
    }
    return n.asString();
  }

  private static @Nullable List<String> strings(JsonNode entry, String field, String where) {
    JsonNode n = entry.get(field);
    if (n == null) {
      return null;
    }
    List<String> values = new ArrayList<>();
    if (n.isArray()) {
      for (JsonNode v : n) {
        if (!v.isString() || v.asString().isBlank()) {
          throw new IllegalArgumentException(where + ": " + field + " must hold non-empty strings");
        }
        values.add(v.asString());
      }
    }
    if (!n.isArray() || values.isEmpty()) {
      throw new IllegalArgumentException(
          where + ": " + field + " must be a non-empty array of strings, or left out");
    }
    return values;
  }
}
