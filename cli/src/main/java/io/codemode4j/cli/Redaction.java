package io.codemode4j.cli;

import java.net.URI;
import java.net.URISyntaxException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * The secrets of one model configuration (the API key, a password or token in the base URL) and
 * every text {@code codemode ask} writes made free of them: stderr, {@code --json} and the
 * transcript.
 *
 * <p>Decided: a model server may echo what it was sent (a key it refuses, a URL it could not
 * reach), and that echo is the message the run reports; so every text leaving the command is
 * redacted here, whatever produced it, rather than trusting each producer. A secret is replaced by
 * {@value #MARK} wherever it occurs, longest first, in its raw and URL-decoded forms; a value
 * shorter than four characters is not treated as a secret, as it would blank out ordinary words.
 */
final class Redaction {

  static final String MARK = "[redacted]";

  private static final int SHORTEST = 4;

  private final List<String> secrets;

  private Redaction(List<String> secrets) {
    this.secrets =
        secrets.stream()
            .filter(s -> s.length() >= SHORTEST)
            .distinct()
            .sorted(Comparator.comparingInt(String::length).reversed())
            .toList();
  }

  /** The secrets of {@code apiKey} and of the user info and query of {@code baseUrl}. */
  static Redaction of(@Nullable String apiKey, String baseUrl) {
    List<String> secrets = new ArrayList<>();
    if (apiKey != null) {
      secrets.add(apiKey);
    }
    URI uri = uri(baseUrl);
    if (uri != null) {
      String userInfo = uri.getRawUserInfo();
      if (userInfo != null) {
        secrets.add(userInfo);
        secrets.add(decoded(userInfo));
        int colon = userInfo.indexOf(':');
        if (colon >= 0) {
          secrets.add(userInfo.substring(colon + 1));
          secrets.add(decoded(userInfo.substring(colon + 1)));
        }
      }
      String query = uri.getRawQuery();
      if (query != null) {
        for (String pair : query.split("&")) {
          int equals = pair.indexOf('=');
          if (equals >= 0) {
            secrets.add(pair.substring(equals + 1));
            secrets.add(decoded(pair.substring(equals + 1)));
          }
        }
      }
    }
    return new Redaction(secrets);
  }

  /** {@code baseUrl} as it may be shown: its user info and query values replaced. */
  static String shown(String baseUrl) {
    return of(null, baseUrl).text(baseUrl);
  }

  /** {@code text} with every secret replaced by {@value #MARK}. */
  String text(@Nullable String text) {
    if (text == null) {
      return "";
    }
    String out = text;
    for (String secret : secrets) {
      out = out.replace(secret, MARK);
    }
    return out;
  }

  /** A copy of {@code json} with every string and field name redacted. */
  JsonNode json(JsonNode json) {
    if (secrets.isEmpty()) {
      return json;
    }
    if (json.isString()) {
      return JsonNodeFactory.instance.stringNode(text(json.asString()));
    }
    if (json.isArray()) {
      ArrayNode copy = JsonNodeFactory.instance.arrayNode();
      json.forEach(e -> copy.add(json(e)));
      return copy;
    }
    if (json.isObject()) {
      ObjectNode copy = JsonNodeFactory.instance.objectNode();
      for (Map.Entry<String, JsonNode> e : json.properties()) {
        copy.set(text(e.getKey()), json(e.getValue()));
      }
      return copy;
    }
    return json;
  }

  private static @Nullable URI uri(String text) {
    try {
      return new URI(text);
    } catch (URISyntaxException e) {
      return null;
    }
  }

  private static String decoded(String text) {
    try {
      return URLDecoder.decode(text, StandardCharsets.UTF_8);
    } catch (IllegalArgumentException e) {
      return text;
    }
  }
}
