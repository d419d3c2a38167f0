package io.codemode4j.spring;

import static org.assertj.core.api.Assertions.assertThat;

import io.codemode4j.bridge.CodeMode;
import io.codemode4j.bridge.Principal;
import io.codemode4j.bridge.RunContext;
import io.codemode4j.bridge.approval.ApprovalChannel;
import io.codemode4j.bridge.approval.ApprovalDecision;
import io.codemode4j.bridge.approval.ApprovalRequest;
import io.codemode4j.bridge.outcome.PassOutcome;
import io.codemode4j.bridge.outcome.PassSuccess;
import io.codemode4j.sample.SampleData;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.concurrent.ConcurrentLinkedQueue;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * An application's {@link ApprovalChannel} bean approves the calls of {@code billing.flagInvoice}
 * (the billing pack of a described warehouse); without one, every such call is denied.
 */
class ApprovalChannelBeanTest {

  private static final String FLAG =
      """
      async () => {
        const id = (await warehouse.query({sql: "SELECT min(invoice_id) AS id FROM invoices"})).rows[0].id;
        try { await billing.flagInvoice({invoiceId: id, reason: 'spring'}); return 'flagged' }
        catch (e) { return e.kind }
      }""";

  @TempDir static Path dir;

  private static Path config;

  @BeforeAll
  static void describe() throws Exception {
    Path sample = SampleData.bundledDirectory(dir.resolve("sample-cache"));
    config = dir.resolve("billing.yaml");
    Files.writeString(
        config,
        """
        subject: the billing warehouse
        connection: {directory: %s}
        tenancy: {key: region, values: [emea, americas, apac]}
        tables:
          customers: {tenant: {column: region}}
          invoices: {tenant: {column: region}}
          invoice_lines: {tenant: {column: invoice_id, parent: invoices}}
        packs: [billing]
        """
            .formatted(sample.toAbsolutePath()));
  }

  private final ApplicationContextRunner runner =
      new ApplicationContextRunner()
          .withConfiguration(
              AutoConfigurations.of(
                  CodeModeAutoConfiguration.class, CodeModeToolCallbacksAutoConfiguration.class))
          .withPropertyValues(
              "codemode.warehouse.cache-dir=" + dir.resolve("cache"),
              "codemode.config=file:" + ApprovalChannelBeanTest.config,
              "codemode.principal.tenant=emea");

  @Configuration
  static class Approving {
    final ConcurrentLinkedQueue<ApprovalRequest> asked = new ConcurrentLinkedQueue<>();

    @Bean
    ApprovalChannel approvalChannel() {
      return request -> {
        asked.add(request);
        return ApprovalDecision.approve("spring-reviewer", "approved in the test");
      };
    }
  }

  private static String run(CodeMode codeMode) {
    PassOutcome outcome =
        codeMode.run(FLAG, RunContext.of("run-1", Principal.ofTenant("ana", Set.of("emea"))));
    assertThat(outcome).isInstanceOf(PassSuccess.class);
    return ((PassSuccess) outcome).result().asString();
  }

  @Test
  void approvalChannelBean_approvesTheFlagItWasAskedAbout() {
    runner
        .withUserConfiguration(Approving.class)
        .run(
            context -> {
              assertThat(context).hasNotFailed();

              assertThat(run(context.getBean(CodeMode.class))).isEqualTo("flagged");
              assertThat(context.getBean(Approving.class).asked)
                  .singleElement()
                  .satisfies(
                      request -> assertThat(request.method()).isEqualTo("billing.flagInvoice"));
            });
  }

  @Test
  void noApprovalChannelBean_deniesTheFlag() {
    runner.run(
        context -> {
          assertThat(context).hasNotFailed();

          assertThat(run(context.getBean(CodeMode.class))).isEqualTo("denied");
        });
  }
}
