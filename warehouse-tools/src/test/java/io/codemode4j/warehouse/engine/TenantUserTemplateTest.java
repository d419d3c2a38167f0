package io.codemode4j.warehouse.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.codemode4j.sql.Tenant;
import io.codemode4j.warehouse.WarehouseException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class TenantUserTemplateTest {

  @ParameterizedTest(name = "{0} for {1}")
  @CsvSource({
    "tenant_{tenant}, emea, tenant_emea",
    "{tenant}, north-america, north-america",
    "{tenant}@corp.example, apac, apac@corp.example",
    "r_{tenant}_{tenant}, emea, r_emea_emea"
  })
  void user_oneRegion_isTheTemplateWithTheRegion(String template, String region, String user)
      throws WarehouseException {
    assertThat(template(template).user(Tenant.of(region))).isEqualTo(user);
  }

  @ParameterizedTest(name = "''{0}''")
  @CsvSource(
      delimiter = '|',
      textBlock =
          """
          tenant_                | has no {tenant}
          ''                     | has no {tenant}
          tenant_{region}        | has no {tenant}
          tenant {tenant}        | only letters, digits and _ . @ $ -
          tenant_{tenant};drop   | only letters, digits and _ . @ $ -
          {tenant}}              | only letters, digits and _ . @ $ -
          """)
  void new_templateThatNamesNoUserPerRegion_isRefusedSayingWhatToWrite(
      String template, String message) {
    assertThatThrownBy(() -> template(template))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining(message)
        .hasMessageContaining("tenant_{tenant}");
  }

  @Test
  void user_tenantOfTwoRegions_isRefusedNamingThemAndTheWayOut() {
    TenantUserTemplate template = template("tenant_{tenant}");

    assertThat(template.problem(Tenant.of("emea"), "--tenant")).isNull();
    assertThatThrownBy(() -> template.user(Tenant.of("emea", "apac")))
        .isInstanceOfSatisfying(
            WarehouseException.class,
            e -> assertThat(e.kind()).isEqualTo(WarehouseException.Kind.UNAVAILABLE))
        .hasMessageContaining("2 regions (apac, emea)")
        .hasMessageContaining("leave out --warehouse-tenant-user");
  }

  /** A template as the CLI's flag gives it, over the sample's regions. */
  private static TenantUserTemplate template(String template) {
    return new TenantUserTemplate(template, "--warehouse-tenant-user", "region", "regions");
  }
}
