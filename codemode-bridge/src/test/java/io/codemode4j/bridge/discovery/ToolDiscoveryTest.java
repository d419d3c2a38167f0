package io.codemode4j.bridge.discovery;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.codemode4j.bridge.CodeMode;
import io.codemode4j.bridge.Principal;
import io.codemode4j.bridge.RunContext;
import io.codemode4j.bridge.SyntheticToolkit;
import io.codemode4j.bridge.TestTools;
import io.codemode4j.bridge.Visibility;
import io.codemode4j.bridge.internal.broker.SchemaValidator;
import io.codemode4j.bridge.schema.DescribeOptions;
import io.codemode4j.bridge.tool.ExecutionClass;
import io.codemode4j.bridge.tool.Tool;
import io.codemode4j.bridge.tool.ToolSpec;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Discovery over a realistic 44-path allowlist: ranking, ids, visibility and the model-facing tool.
 */
class ToolDiscoveryTest {

  private static final RunContext RUN = TestTools.run();
  private static CodeMode codeMode;
  private static CodeMode reports;
  private static ToolDiscovery discovery;

  @BeforeAll
  static void build() {
    codeMode =
        SyntheticToolkit.install(CodeMode.builder().includeDeclarations(false))
            .visibility(
                run ->
                    run.principal().confined()
                        ? Visibility.only(List.of("billing.*", "analytics.*", "support.tickets"))
                        : Visibility.all())
            .build();
    reports =
        CodeMode.builder()
            .toolName("run_reports")
            .method("billing", "invoices", SyntheticToolkit.listInvoices())
            .includeDeclarations(false)
            .build();
    discovery = ToolDiscovery.of(List.of(codeMode, reports));
  }

  @AfterAll
  static void close() {
    codeMode.close();
    reports.close();
  }

  /** {@code namespace} null: every namespace. */
  private static List<String> paths(String query, String namespace, int limit, RunContext run) {
    return (namespace == null
            ? discovery.search(query, limit, run)
            : discovery.search(query, namespace, limit, run))
        .stream().map(m -> m.tool() + ":" + m.namespace() + "." + m.method()).toList();
  }

  @Test
  void toolkit_isLargeEnoughToRank() {
    assertThat(codeMode.methods()).hasSize(SyntheticToolkit.PATHS).hasSizeGreaterThanOrEqualTo(40);
  }

  @ParameterizedTest(name = "{0} -> {1}")
  @CsvSource(
      delimiter = '|',
      textBlock =
          """
      invoice                  | billing.invoices
      Invoices                 | billing.invoices
      refund                   | billing.refunds
      refunds issued           | billing.refunds
      shipment tracking        | shipping.trackShipment
      track shipment           | shipping.trackShipment
      create ticket            | support.createTicket
      employee                 | hr.employees
      stock level              | inventory.stockLevels
      stock_levels             | inventory.stockLevels
      revenue                  | analytics.revenueByMonth
      email campaign           | marketing.campaigns
      churn rate               | analytics.churn
      purchase order supplier  | inventory.reorder
      time off                 | hr.timeOff
      payroll net              | hr.payroll
      list_invoices            | billing.listInvoices
      """)
  void search_query_ranksTheBestMethodFirst(String query, String best) {
    assertThat(paths(query, null, 5, RUN)).first().isEqualTo("run_javascript:" + best);
  }

  @Test
  void search_invoice_ranksNameMatchesBeforeDescriptionMatches() {
    List<String> ranked = paths("invoice", null, 20, RUN);

    assertThat(ranked.subList(0, 5))
        .containsExactly(
            "run_javascript:billing.invoices",
            "run_javascript:legacy.invoices",
            "run_reports:billing.invoices",
            "run_javascript:billing.listInvoices",
            "run_javascript:billing.invoiceLines");
    assertThat(ranked.subList(5, ranked.size()))
        .containsExactlyInAnyOrder(
            "run_javascript:billing.refunds",
            "run_javascript:billing.issueRefund",
            "run_javascript:analytics.revenueByMonth",
            "run_javascript:analytics.forecast");
  }

  @Test
  void search_namespaceAndLimit_narrowTheMatches() {
    assertThat(paths("list", "marketing", 20, RUN))
        .containsExactlyInAnyOrder(
            "run_javascript:marketing.segments",
            "run_javascript:marketing.campaigns",
            "run_javascript:marketing.unsubscribes");
    assertThat(paths("invoice", null, 2, RUN)).hasSize(2);
    assertThat(paths("invoice", "nowhere", 5, RUN)).isEmpty();
  }

  @Test
  void search_wordsFoundNowhere_matchNothing() {
    assertThat(paths("zebra quantum", null, 5, RUN)).isEmpty();
    assertThat(paths("...", null, 5, RUN)).isEmpty();
  }

  @Test
  void search_aliasesAndSeveralOwners_haveDistinctIdsForTheSameNativeTool() {
    List<DiscoveryMatch> matches =
        discovery.search("list_invoices", 10, RUN).stream()
            .filter(m -> m.nativeTool().equals("list_invoices"))
            .toList();

    assertThat(matches)
        .extracting(DiscoveryMatch::id)
        .containsExactlyInAnyOrder(
            "code-mode:run_javascript:billing.invoices",
                "code-mode:run_javascript:billing.listInvoices",
            "code-mode:run_javascript:legacy.invoices", "code-mode:run_reports:billing.invoices");
    assertThat(matches)
        .extracting(DiscoveryMatch::id)
        .doesNotHaveDuplicates()
        .noneMatch(id -> id.equals("list_invoices"));
    DiscoveryMatch reportsMatch =
        matches.stream().filter(m -> m.tool().equals("run_reports")).findFirst().orElseThrow();
    assertThat(reportsMatch.namespace()).isEqualTo("billing");
    assertThat(reportsMatch.method()).isEqualTo("invoices");
  }

  @Test
  void search_toolAlsoRegisteredNatively_keepsItsIdApartFromTheNativeName() {
    ToolSpec nativeTool = SyntheticToolkit.listInvoices().spec();
    DiscoveryMatch match = discovery.search("invoice", "billing", 1, RUN).getFirst();

    assertThat(match.nativeTool()).isEqualTo(nativeTool.name());
    assertThat(match.id())
        .isEqualTo("code-mode:run_javascript:billing.invoices")
        .isNotEqualTo(nativeTool.name());
    assertThat(match.tool()).isEqualTo("run_javascript");
    assertThat(match.parameters()).isEqualTo(nativeTool.parameters());
    assertThat(match.success()).isEqualTo(nativeTool.success());
    assertThat(match.declaration())
        .isEqualTo(codeMode.describe(List.of("billing.invoices"), DescribeOptions.defaults()));
  }

  @Test
  void search_hiddenMethods_areNeverMatched() {
    RunContext confined = RunContext.of("run-t", Principal.ofTenant("ana", Set.of("emea")));
    RunContext granted = RUN.withGrants(Visibility.only(List.of("billing.refunds")));

    assertThat(paths("ticket", null, 20, confined))
        .containsExactly("run_javascript:support.tickets");
    assertThat(paths("employee", null, 20, confined)).isEmpty();
    assertThat(paths("invoice", null, 20, confined))
        .doesNotContain("run_javascript:legacy.invoices")
        .contains("run_javascript:billing.invoices", "run_reports:billing.invoices");
    assertThat(paths("invoice", null, 20, granted))
        .containsExactly("run_javascript:billing.refunds");
    assertThat(paths("invoice", "legacy", 20, granted)).isEmpty();
  }

  @Test
  void search_ownerDeclaringEverythingWhileAMethodIsHidden_isRefused() {
    try (CodeMode eager =
        CodeMode.builder()
            .toolName("eager")
            .method("billing", "invoices", SyntheticToolkit.listInvoices())
            .build()) {
      ToolDiscovery eagerDiscovery = ToolDiscovery.of(List.of(eager));
      RunContext hidden = RUN.withGrants(Visibility.only(List.of()));

      assertThatThrownBy(() -> eagerDiscovery.search("invoice", 5, hidden))
          .isInstanceOf(IllegalStateException.class)
          .hasMessageContaining(
              "may not see billing.invoices, but the description of eager declares every method");
      assertThat(eagerDiscovery.search("invoice", 5, RUN)).hasSize(1);
    }
  }

  /** The methods of {@code namespace} that {@link #discovery} searches, over both Code Modes. */
  private static long methodsOf(String namespace) {
    return Stream.of(codeMode, reports)
        .flatMap(owner -> owner.allowlistedMethods().stream())
        .filter(method -> method.namespace().equals(namespace))
        .count();
  }

  @Test
  void discover_detailed_returnsEveryFieldOfEachMatch() {
    ObjectNode result =
        discovery.discover(
            TestTools.json(
                "{\"query\": \"invoice\", \"namespace\": \"billing\", \"limit\": 2,"
                    + " \"detail\": \"detailed\"}"),
            RUN);

    assertThat(result.get("matches")).hasSize(2);
    JsonNode first = result.get("matches").get(0);
    assertThat(first.get("id").asString()).isEqualTo("code-mode:run_javascript:billing.invoices");
    assertThat(first.get("tool").asString()).isEqualTo("run_javascript");
    assertThat(first.get("nativeTool").asString()).isEqualTo("list_invoices");
    assertThat(first.get("declaration").asString()).startsWith("declare const billing: {");
    assertThat(first.get("executionClass").asString()).isEqualTo("readonly");
    assertThat(first.get("parameters"))
        .isEqualTo(SyntheticToolkit.listInvoices().spec().parameters());
    assertThat(SchemaValidator.compile("success", discovery.tool().success()).problems(result))
        .isEmpty();
  }

  @Test
  void discover_briefByDefault_returnsNameToolPurposeAndDeclarationOnly() {
    ObjectNode result =
        discovery.discover(
            TestTools.json("{\"query\": \"invoice\", \"namespace\": \"billing\", \"limit\": 2}"),
            RUN);

    JsonNode first = result.get("matches").get(0);
    assertThat(first.propertyNames()).containsExactly("name", "tool", "purpose", "declaration");
    assertThat(first.get("name").asString()).isEqualTo("billing.invoices");
    assertThat(first.get("tool").asString()).isEqualTo("run_javascript");
    assertThat(first.get("purpose").asString())
        .isEqualTo(
            "Lists one customer's invoices, oldest first, with amounts in cents and status.");
    assertThat(first.get("declaration").asString())
        .isEqualTo(codeMode.describe(List.of("billing.invoices"), DescribeOptions.defaults()));
    assertThat(SchemaValidator.compile("success", discovery.tool().success()).problems(result))
        .isEmpty();
    assertThat(discovery.discover(TestTools.json("{\"query\": \"invoice\"}"), RUN).get("matches"))
        .hasSize(ToolDiscovery.DEFAULT_LIMIT);
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      textBlock =
          """
      Lists invoices. Rejects when too many.           | Lists invoices.
      Lists rows, e.g. orders. Sorted by id.           | Lists rows, e.g. orders.
      Runs a query (i.e. one SELECT).\\nTables: a, b. | Runs a query (i.e. one SELECT).
      No full stop at all                              | No full stop at all
      """)
  void purpose_description_isItsFirstSentence(String description, String purpose) {
    DiscoveryMatch match =
        new DiscoveryMatch(
            "code-mode:t:ns.m",
            "t",
            "ns_m",
            "ns",
            "m",
            description.replace("\\n", "\n"),
            TestTools.json("{}"),
            TestTools.json("{}"),
            "declare const ns: {};",
            ExecutionClass.READONLY);

    assertThat(match.purpose()).isEqualTo(purpose);
  }

  @Test
  void discover_limitBelowTheMatches_saysHowManyOfHowManyAndHowToSeeTheRest() {
    JsonNode cut =
        discovery.discover(
            TestTools.json("{\"query\": \"invoice\", \"namespace\": \"billing\", \"limit\": 2}"),
            RUN);
    JsonNode all =
        discovery.discover(
            TestTools.json("{\"query\": \"invoice\", \"namespace\": \"billing\", \"limit\": 20}"),
            RUN);
    int matched = all.get("matches").size();

    assertThat(matched).isGreaterThan(2);
    assertThat(cut.get("shown").asString())
        .isEqualTo(
            "2 of "
                + methodsOf("billing")
                + " methods of billing; "
                + matched
                + " match: raise limit or search narrower words");
    assertThat(all.get("shown").asString())
        .isEqualTo(matched + " of " + methodsOf("billing") + " methods of billing");
  }

  @Test
  void discover_detailedAnswerOverItsBound_stopsBeforeTheBoundAndSaysSo() {
    String longDescription = "Lists invoices. " + "x".repeat(12_000);
    CodeMode.Builder builder = CodeMode.builder().toolName("run_big").includeDeclarations(false);
    for (int i = 0; i < 4; i++) {
      ToolSpec spec = SyntheticToolkit.listInvoices().spec();
      builder.method(
          "big",
          "invoices" + i,
          new Tool(
              new ToolSpec(
                  spec.name(),
                  longDescription,
                  spec.parameters(),
                  spec.success(),
                  spec.executionClass()),
              SyntheticToolkit.listInvoices().handler()));
    }
    try (CodeMode big = builder.readyContexts(0).build()) {
      ToolDiscovery bounded = ToolDiscovery.of(List.of(big));

      JsonNode detailed =
          bounded.discover(
              TestTools.json("{\"query\": \"invoices\", \"limit\": 4, \"detail\": \"detailed\"}"),
              RUN);
      JsonNode brief =
          bounded.discover(TestTools.json("{\"query\": \"invoices\", \"limit\": 4}"), RUN);

      // A detailed match carries the description twice (also in the declaration): about 24 KB.
      assertThat(detailed.get("matches")).hasSize(2);
      assertThat(
              detailed
                  .get("matches")
                  .valueStream()
                  .mapToInt(match -> match.toString().getBytes(StandardCharsets.UTF_8).length)
                  .sum())
          .isLessThanOrEqualTo(ToolDiscovery.MAX_ANSWER_BYTES);
      assertThat(detailed.get("shown").asString())
          .isEqualTo(
              detailed.get("matches").size()
                  + " of 4 methods; 4 match: the rest would pass the answer's 65536 bytes, ask"
                  + " with detail brief or search narrower words");
      assertThat(brief.get("matches")).hasSize(4);
      assertThat(brief.get("shown").asString()).isEqualTo("4 of 4 methods");
    }
  }

  @Test
  void search_needsApprovalMethod_saysSoInItsMatch() {
    try (CodeMode flags =
        CodeMode.builder()
            .toolName("run_flags")
            .method("t", "flag", new TestTools().flag())
            .includeDeclarations(false)
            .readyContexts(0)
            .build()) {
      DiscoveryMatch match = ToolDiscovery.of(List.of(flags)).search("flag", 1, RUN).getFirst();

      assertThat(match.executionClass()).isEqualTo(ExecutionClass.NEEDS_APPROVAL);
      assertThat(match.toJson(DiscoveryDetail.DETAILED).get("executionClass").asString())
          .isEqualTo("needsApproval");
      assertThat(match.declaration()).contains("Each call waits for a person's approval");
    }
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      quoteCharacter = '`',
      textBlock =
          """
      {}                                  | required property 'query' not found
      {"query": ""}                       | /query: must be at least 1 characters long
      {"query": "   "}                    | /query: does not match the regex pattern
      {"query": "x", "limit": 0}          | /limit: must have a minimum value of 1
      {"query": "x", "limit": 21}         | /limit: must have a maximum value of 20
      {"query": "x", "top": 3}            | top
      {"query": "x", "detail": "full"}    | /detail
      """)
  void discover_invalidArguments_areRefusedSayingWhere(String arguments, String where) {
    assertThatThrownBy(() -> discovery.discover(TestTools.json(arguments), RUN))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("arguments do not match the parameters of discover_tools: ")
        .hasMessageContaining(where);
  }

  @Test
  void search_queryOrLimitOutOfRange_isRefused() {
    assertThatThrownBy(() -> discovery.search(" ", 5, RUN))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("query must be 1 to 200 characters");
    assertThatThrownBy(() -> discovery.search("x".repeat(201), 5, RUN))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageEndingWith("was 201 characters");
    assertThatThrownBy(() -> discovery.search("x", 21, RUN))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("limit must be 1..20, was 21");
  }

  @Test
  void of_twoCodeModesWithOneToolName_isRefused() {
    assertThatThrownBy(() -> ToolDiscovery.of(List.of(codeMode, codeMode)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("two Code Modes share the tool name 'run_javascript'");
    assertThatThrownBy(() -> ToolDiscovery.of(List.of()))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void tool_spec_describesTheQueryAndNamesTheOwners() {
    ToolSpec tool = discovery.tool();

    assertThat(tool.name()).isEqualTo("discover_tools");
    assertThat(tool.executionClass()).isEqualTo(ExecutionClass.READONLY);
    assertThat(tool.description()).contains("run_javascript, run_reports");
    assertThat(tool.parameters().get("required").toString()).isEqualTo("[\"query\"]");
    assertThat(codeMode.tool().description())
        .doesNotContain("declare const")
        .contains(ToolDiscovery.TOOL_NAME);
  }

  @Test
  void terms_camelSnakeAndPlural_splitIntoSingularWords() {
    assertThat(
            DiscoveryIndex.terms(
                "listInvoices billing_invoice_lines HTTPServer v2 Companies addresses statuses"))
        .containsExactly(
            "list", "invoice", "billing", "invoice", "line", "http", "server", "v", "2", "company",
            "address", "status");
  }
}
