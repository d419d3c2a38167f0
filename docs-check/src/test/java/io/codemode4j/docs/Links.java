package io.codemode4j.docs;

import java.net.URI;
import java.net.URISyntaxException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * Resolves one link of a page: a relative link to a file or directory of the checkout that exists,
 * its {@code #anchor} one of the target page's anchors ({@code #anchor} alone: the same page's); an
 * {@code http(s)} link a valid URI with a host (not fetched: the build has no network); another
 * scheme ({@code mailto:}) a valid URI.
 */
final class Links {

  private static final Pattern SCHEME = Pattern.compile("^[A-Za-z][A-Za-z0-9+.-]*:");

  /** GitHub's line anchors of a file that is not Markdown: {@code #L10} or {@code #L10-L20}. */
  private static final Pattern LINE_ANCHOR = Pattern.compile("L[0-9]+(?:-L[0-9]+)?");

  private Links() {}

  /**
   * The file or directory a relative link points to (absolute, normalised; not necessarily
   * existing), or null for a link with a scheme ({@code https:}, {@code mailto:}).
   */
  static @Nullable Path target(Link link, Path root) {
    String destination = link.destination();
    if (SCHEME.matcher(destination).find()) {
      return null;
    }
    int hash = destination.indexOf('#');
    String pathPart = hash < 0 ? destination : destination.substring(0, hash);
    int query = pathPart.indexOf('?');
    if (query >= 0) {
      pathPart = pathPart.substring(0, query);
    }
    String decoded = URLDecoder.decode(pathPart.replace("+", "%2B"), StandardCharsets.UTF_8);
    Path page = root.resolve(link.file()).normalize();
    if (decoded.isEmpty()) {
      return page;
    }
    if (decoded.startsWith("/")) {
      return root.resolve(decoded.substring(1)).normalize();
    }
    return page.getParent().resolve(decoded).normalize();
  }

  /** Why {@code link} does not resolve, or null when it does. */
  static @Nullable String problem(Link link, Path root) {
    String destination = link.destination();
    if (destination.isBlank()) {
      return "an empty link";
    }
    if (SCHEME.matcher(destination).find()) {
      try {
        URI uri = new URI(destination);
        String scheme = uri.getScheme().toLowerCase(Locale.ROOT);
        if ((scheme.equals("http") || scheme.equals("https")) && uri.getHost() == null) {
          return "an " + scheme + " link without a host";
        }
        return null;
      } catch (URISyntaxException e) {
        return "not a valid URI: " + e.getMessage();
      }
    }
    int hash = destination.indexOf('#');
    String anchor = hash < 0 ? null : destination.substring(hash + 1);
    Path target = target(link, root);
    if (!target.startsWith(root)) {
      return "points outside the checkout (" + target + ")";
    }
    if (!Files.exists(target)) {
      return root.relativize(target) + " does not exist";
    }
    if (anchor == null) {
      return null;
    }
    String wanted = URLDecoder.decode(anchor.replace("+", "%2B"), StandardCharsets.UTF_8);
    if (!target.getFileName().toString().endsWith(".md")) {
      return LINE_ANCHOR.matcher(wanted).matches()
          ? null
          : "#" + anchor + " on " + root.relativize(target) + ", which is not a Markdown page";
    }
    MarkdownPage targetPage = DocsTree.page(root, target);
    if (targetPage.anchors().contains(wanted)) {
      return null;
    }
    return "#"
        + anchor
        + " is no anchor of "
        + targetPage.file()
        + " (its headings' anchors, by GitHub's rule: "
        + String.join(", ", targetPage.anchors().stream().sorted().limit(60).toList())
        + (targetPage.anchors().size() > 60 ? ", ..." : "")
        + ")";
  }
}
