package io.codemode4j.bridge.discovery;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Ranks methods for a query with BM25F: each method is a document of three fields, its name (with
 * the native tool name), its namespace and its description, weighted 3, 2 and 1; a query term's
 * frequency in a document is the weighted sum over fields of its frequency normalised by the
 * field's length, and the score sums {@code idf(t) * tf / (k1 + tf)} over the query's distinct
 * terms, with {@code k1 = 1.2}, {@code b = 0.75} and {@code idf(t) = ln(1 + (N - df + 0.5) / (df +
 * 0.5))}. Document frequencies and average lengths are taken over the candidates of each query, so
 * methods a run may not see weigh nothing.
 *
 * <p>Terms are the lower-cased words of the text, camelCase and snake_case split ({@code
 * listInvoices}, {@code list_invoices} -> {@code list}, {@code invoice}), with plural endings
 * removed, so a query {@code invoice} finds {@code billing.invoices}.
 */
final class DiscoveryIndex<T> {

  private static final double K1 = 1.2;
  private static final double B = 0.75;
  private static final double[] WEIGHTS = {3, 2, 1};

  /** Endings whose plural adds "es": addresses, batches, boxes, statuses. */
  private static final List<String> PLURAL_ES =
      List.of("sses", "shes", "ches", "xes", "zes", "uses");

  /** Non-alphanumerics, and the boundaries of camelCase, HTTPServer and letter/digit changes. */
  private static final Pattern WORD_BREAK =
      Pattern.compile(
          "[^\\p{L}\\p{N}]+|(?<=\\p{Ll})(?=\\p{Lu})"
              + "|(?<=\\p{Lu})(?=\\p{Lu}\\p{Ll})|(?<=\\p{L})(?=\\p{N})|(?<=\\p{N})(?=\\p{L})");

  /** One indexed method: its term frequencies and lengths per field. */
  private record Document<T>(T item, Map<String, int[]> frequencies, int[] lengths) {}

  private final Map<T, Document<T>> documents = new HashMap<>();

  /** Indexes {@code item} under its name, namespace and description. */
  void add(T item, String name, String namespace, String description) {
    Map<String, int[]> frequencies = new HashMap<>();
    int[] lengths = new int[WEIGHTS.length];
    List<String> fields = List.of(name, namespace, description);
    for (int field = 0; field < fields.size(); field++) {
      for (String term : terms(fields.get(field))) {
        frequencies.computeIfAbsent(term, t -> new int[WEIGHTS.length])[field]++;
        lengths[field]++;
      }
    }
    documents.put(item, new Document<>(item, frequencies, lengths));
  }

  /**
   * Every candidate that matches at least one term of {@code query}, best first, ties in the
   * candidates' order.
   */
  List<T> rank(String query, List<T> candidates) {
    Set<String> queryTerms = new LinkedHashSet<>(terms(query));
    List<Document<T>> docs = candidates.stream().map(documents::get).toList();
    if (queryTerms.isEmpty() || docs.isEmpty()) {
      return List.of();
    }
    double[] averageLengths = new double[WEIGHTS.length];
    for (Document<T> doc : docs) {
      for (int field = 0; field < WEIGHTS.length; field++) {
        averageLengths[field] += (double) doc.lengths()[field] / docs.size();
      }
    }
    // Each term's idf by its position in queryTerms, so that scoring needs no lookup that might
    // miss.
    List<String> terms = List.copyOf(queryTerms);
    double[] idf = new double[terms.size()];
    for (int i = 0; i < terms.size(); i++) {
      String term = terms.get(i);
      long df = docs.stream().filter(doc -> doc.frequencies().containsKey(term)).count();
      idf[i] = Math.log(1 + (docs.size() - df + 0.5) / (df + 0.5));
    }
    List<Map.Entry<T, Double>> scored = new ArrayList<>();
    for (Document<T> doc : docs) {
      double score = 0;
      for (int i = 0; i < terms.size(); i++) {
        int[] tf = doc.frequencies().get(terms.get(i));
        if (tf == null) {
          continue;
        }
        double weighted = 0;
        for (int field = 0; field < WEIGHTS.length; field++) {
          double norm =
              averageLengths[field] == 0
                  ? 1
                  : 1 - B + B * doc.lengths()[field] / averageLengths[field];
          weighted += WEIGHTS[field] * tf[field] / norm;
        }
        score += idf[i] * weighted / (K1 + weighted);
      }
      if (score > 0) {
        scored.add(Map.entry(doc.item(), score));
      }
    }
    return scored.stream()
        .sorted(Comparator.comparing(Map.Entry<T, Double>::getValue).reversed())
        .map(Map.Entry::getKey)
        .toList();
  }

  /**
   * The terms of {@code text}: words split at case and letter/digit changes, lower-cased, plurals
   * singular.
   */
  static List<String> terms(String text) {
    List<String> terms = new ArrayList<>();
    for (String word : WORD_BREAK.split(text)) {
      if (!word.isEmpty()) {
        terms.add(singular(word.toLowerCase(Locale.ROOT)));
      }
    }
    return terms;
  }

  private static String singular(String word) {
    if (word.length() > 4 && word.endsWith("ies")) {
      return word.substring(0, word.length() - 3) + "y";
    }
    for (String ending : PLURAL_ES) {
      if (word.length() > ending.length() && word.endsWith(ending)) {
        return word.substring(0, word.length() - 2);
      }
    }
    if (word.length() > 3
        && word.endsWith("s")
        && !word.endsWith("ss")
        && !word.endsWith("us")
        && !word.endsWith("is")) {
      return word.substring(0, word.length() - 1);
    }
    return word;
  }
}
