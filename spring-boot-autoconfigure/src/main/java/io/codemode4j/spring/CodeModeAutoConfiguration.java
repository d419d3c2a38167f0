package io.codemode4j.spring;

import io.codemode4j.bridge.CodeMode;
import io.codemode4j.bridge.approval.ApprovalChannel;
import io.codemode4j.bridge.discovery.ToolDiscovery;
import io.codemode4j.bridge.event.PassListener;
import io.codemode4j.sample.SampleData;
import io.codemode4j.sql.SqlAllowlist;
import io.codemode4j.sql.Tenant;
import io.codemode4j.sql.TenantScope;
import io.codemode4j.warehouse.Warehouse;
import io.codemode4j.warehouse.WarehouseException;
import io.codemode4j.warehouse.WarehouseTools;
import io.codemode4j.warehouse.billing.BillingSample;
import io.codemode4j.warehouse.config.DescriptionException;
import io.codemode4j.warehouse.config.WarehouseConnection;
import io.codemode4j.warehouse.config.WarehouseDescription;
import io.codemode4j.warehouse.config.WarehouseDescriptions;
import io.codemode4j.warehouse.engine.DescribedWarehouse;
import io.codemode4j.warehouse.engine.DescribedWarehouses;
import io.codemode4j.warehouse.engine.EngineOpening;
import io.codemode4j.warehouse.pack.PackContext;
import io.codemode4j.warehouse.pack.ToolPacks;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import javax.sql.DataSource;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.core.io.Resource;
import org.springframework.core.io.ResourceLoader;

/**
 * A {@link Warehouse}, a {@link CodeMode} over it, a {@link ToolDiscovery} and the {@link
 * CodeModePrincipals}, each backing off when the application defines a bean of its type.
 *
 * <p>Decided:
 *
 * <ul>
 *   <li>Runs after Boot's {@code DataSourceAutoConfiguration} (named, so that {@code
 *       spring-boot-jdbc} stays the application's choice), so the application's {@code DataSource}
 *       is there to be used when {@code codemode.warehouse.*} names no sample or parquet directory.
 *   <li>A starter whose warehouse cannot be built fails the application's start with what to set,
 *       rather than backing off silently: an application adds this starter to get the tools.
 *   <li>The sample and a parquet directory get the sample's whole toolkit ({@code warehouse.*} and
 *       {@code billing.*}); a {@code DataSource} warehouse, or one the application defined, gets
 *       {@code warehouse.query} and {@code warehouse.tables}. An application with tools of its own
 *       defines the {@link CodeMode} bean.
 *   <li>Every {@link PassListener} bean (an {@code AuditLog}, an {@code OpenTelemetryListener})
 *       listens to the passes.
 *   <li>An {@link ApprovalChannel} bean, when there is exactly one, approves the calls of tools
 *       that need a person's approval ({@code billing.flagInvoice}), each waiting at most {@code
 *       codemode.max-approval-wait}; without one every such call is denied.
 * </ul>
 */
@AutoConfiguration(
    afterName = "org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration")
@EnableConfigurationProperties({CodeModeProperties.class, WarehouseProperties.class})
public class CodeModeAutoConfiguration {

  /**
   * The warehouse {@code codemode.config} describes, opened and checked against its database, when
   * the property is set.
   */
  @Bean
  @ConditionalOnMissingBean
  @ConditionalOnProperty(name = "codemode.config")
  public DescribedWarehouse codeModeDescribedWarehouse(
      CodeModeProperties codeMode, WarehouseProperties properties, ResourceLoader resources)
      throws WarehouseException {
    String location = Objects.requireNonNull(codeMode.config(), "codemode.config");
    if (properties.source() != WarehouseSource.DATA_SOURCE || !properties.tables().isEmpty()) {
      throw new IllegalStateException(
          "codemode.config="
              + location
              + " describes the warehouse, and codemode.warehouse."
              + (properties.sample()
                  ? "sample"
                  : properties.parquetDir() != null ? "parquet-dir" : "tables")
              + " names another: keep one");
    }
    Resource resource = resources.getResource(location);
    try {
      String text;
      try (var in = resource.getInputStream()) {
        text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
      }
      Path parent = resource.isFile() ? resource.getFile().toPath().getParent() : null;
      Path base = parent == null ? Path.of("") : parent;
      WarehouseDescription description =
          WarehouseDescriptions.parse(
              text,
              location,
              base.toAbsolutePath(),
              location.toLowerCase(Locale.ROOT).endsWith(".json"));
      return DescribedWarehouses.open(description, credentials(description), properties.cacheDir());
    } catch (IOException e) {
      throw new IllegalStateException(
          "codemode.config=" + location + " cannot be read: " + e.getMessage(), e);
    } catch (DescriptionException e) {
      throw new IllegalStateException("codemode.config: " + e.getMessage(), e);
    }
  }

  /**
   * The reader's credentials as the description names them: its user, and the passwords of the
   * environment variables it names (never a password in a property).
   */
  private static EngineOpening.Credentials credentials(WarehouseDescription description) {
    if (!(description.connection() instanceof WarehouseConnection.Jdbc jdbc)) {
      return EngineOpening.Credentials.NONE;
    }
    String password = jdbc.passwordEnv() == null ? null : System.getenv(jdbc.passwordEnv());
    String tenantPassword =
        jdbc.tenantPasswordEnv() == null ? password : System.getenv(jdbc.tenantPasswordEnv());
    return new EngineOpening.Credentials(jdbc.user(), password, tenantPassword);
  }

  @Bean
  @ConditionalOnMissingBean
  public Warehouse codeModeWarehouse(
      WarehouseProperties properties,
      ObjectProvider<DescribedWarehouse> described,
      ObjectProvider<DataSource> dataSources,
      ObjectProvider<SqlAllowlist> allowlists)
      throws WarehouseException {
    DescribedWarehouse description = described.getIfAvailable();
    if (description != null) {
      return description.warehouse();
    }
    return switch (properties.source()) {
      case BUNDLED_SAMPLE -> BillingSample.open(bundledSample(properties), properties.cacheDir());
      case PARQUET_DIRECTORY ->
          BillingSample.open(requireParquetDir(properties), properties.cacheDir());
      case DATA_SOURCE -> {
        DataSource dataSource = dataSources.getIfUnique();
        if (dataSource == null) {
          throw new IllegalStateException(
              "codemode4j has no warehouse: the application has "
                  + (dataSources.stream().count() == 0 ? "no DataSource" : "several DataSources")
                  + "; set codemode.config=classpath:warehouse.yaml (a warehouse description),"
                  + " spring.datasource.url (and codemode.warehouse.tables.TABLE=TENANT_COLUMN),"
                  + " codemode.warehouse.sample=true or codemode.warehouse.parquet-dir=DIR, or"
                  + " define a Warehouse bean");
        }
        SqlAllowlist allowlist = allowlists.getIfAvailable(properties::allowlist);
        Warehouse.Builder builder =
            Warehouse.builder(allowlist)
                .dataSource(dataSource)
                .queryTimeout(properties.queryTimeout())
                .maxRows(properties.maxRows());
        if (properties.tenantsConfinedByFiltersAlone()) {
          builder.confineTenantsByFiltersAlone();
        }
        yield builder.build();
      }
    };
  }

  @Bean
  @ConditionalOnMissingBean
  public CodeMode codeMode(
      Warehouse warehouse,
      ObjectProvider<DescribedWarehouse> described,
      WarehouseProperties warehouseProperties,
      CodeModeProperties properties,
      ObjectProvider<PassListener> listeners,
      ObjectProvider<ApprovalChannel> approvals,
      ObjectProvider<CodeModeBuilderCustomizer> customizers)
      throws WarehouseException {
    CodeMode.Builder builder =
        CodeMode.builder()
            .limits(properties.limits())
            .maxApprovalWait(properties.maxApprovalWait())
            .maxEgressBytes(properties.maxEgressBytes())
            .isolation(properties.isolation().isolation())
            .includeDeclarations(properties.includeDeclarations())
            // The description is made per principal (CodeModePrincipals), as the MCP server does.
            .describePerRun(true);
    DescribedWarehouse description = described.getIfAvailable();
    if (description != null) {
      PackContext packs =
          new PackContext(
              new PackContext.State.Directory(warehouseProperties.cacheDir().resolve("state")));
      try {
        ToolPacks.install(description, packs, builder);
      } catch (DescriptionException e) {
        throw new IllegalStateException("codemode.config: " + e.getMessage(), e);
      }
    } else if (warehouseProperties.source() == WarehouseSource.DATA_SOURCE) {
      WarehouseTools.of(warehouse).installInto(builder);
    } else {
      BillingSample.installTools(warehouse, builder);
    }
    listeners.orderedStream().forEach(builder::listener);
    approvals.ifUnique(builder::approval);
    customizers.orderedStream().forEach(customizer -> customizer.customize(builder));
    return builder.build();
  }

  @Bean
  @ConditionalOnMissingBean
  @ConditionalOnProperty(name = "codemode.discovery", havingValue = "true", matchIfMissing = true)
  public ToolDiscovery codeModeToolDiscovery(CodeMode codeMode) {
    return ToolDiscovery.of(List.of(codeMode));
  }

  /**
   * Who a call acts for: its {@code ToolContext}'s principal, else {@code codemode.principal.*}.
   *
   * @throws IllegalStateException when the warehouse keys rows by tenant and {@code
   *     codemode.principal.*} neither names a tenant nor says {@code all-tenants=true}: a call
   *     without a principal of its own would read every tenant's rows by an omission
   */
  @Bean
  @ConditionalOnMissingBean
  public CodeModePrincipals codeModePrincipals(
      CodeModeProperties properties,
      Warehouse warehouse,
      ObjectProvider<DescribedWarehouse> described) {
    CodeModeProperties.PrincipalProperties principal = properties.principal();
    DescribedWarehouse description = described.getIfAvailable();
    if (description != null && !principal.tenant().isEmpty()) {
      // The same check as the CLI's --tenant: known values, and on a server database a user per
      // tenant whose rows the database restricts.
      String problem;
      try {
        problem =
            description.tenantProblem(
                new Tenant(java.util.Set.copyOf(principal.tenant())), "codemode.principal.tenant");
      } catch (WarehouseException e) {
        throw new IllegalStateException(
            "cannot check codemode.principal.tenant: " + e.getMessage(), e);
      }
      if (problem != null) {
        throw new IllegalStateException(problem);
      }
    }
    if (description == null && !principal.tenant().isEmpty()) {
      // A warehouse of the application's (its DataSource, its own bean) is proven the way its
      // first tenant query would be: its tenant connections confined, or filters alone stated.
      try {
        warehouse.proveConfined(new Tenant(java.util.Set.copyOf(principal.tenant())));
      } catch (WarehouseException e) {
        throw new IllegalStateException(
            "codemode.principal.tenant cannot be served: "
                + e.getMessage()
                + (e.kind() == WarehouseException.Kind.NOT_CONFINED
                    ? " (for the DataSource warehouse: codemode.warehouse"
                        + ".tenants-confined-by-filters-alone=true)"
                    : ""),
            e);
      }
    }
    SqlAllowlist allowlist = warehouse.allowlist();
    boolean keyed =
        allowlist.tables().stream()
            .anyMatch(table -> !(allowlist.scope(table) instanceof TenantScope.Shared));
    if (keyed && principal.tenant().isEmpty() && !principal.allTenants()) {
      throw new IllegalStateException(
          "codemode.principal.tenant is not set, so every call whose ToolContext names no"
              + " principal would read every tenant's rows: set codemode.principal.tenant=KEY[,KEY]"
              + " to confine such calls, or codemode.principal.all-tenants=true to serve them every"
              + " tenant's rows");
    }
    return CodeModePrincipals.fromContextOr(principal.toPrincipal());
  }

  private static Path requireParquetDir(WarehouseProperties properties) {
    Path dir = properties.parquetDir();
    if (dir == null) {
      throw new IllegalStateException("codemode.warehouse.parquet-dir is not set");
    }
    return dir;
  }

  private static Path bundledSample(WarehouseProperties properties) throws WarehouseException {
    try {
      return SampleData.bundledDirectory(properties.cacheDir());
    } catch (NoClassDefFoundError e) {
      throw new IllegalStateException(
          "codemode.warehouse.sample=true needs io.codemode4j:codemode4j-sample-data on the class"
              + " path: add it as a dependency, or set codemode.warehouse.parquet-dir instead",
          e);
    } catch (IOException e) {
      throw new WarehouseException(
          WarehouseException.Kind.UNAVAILABLE,
          "cannot unpack the bundled sample data under "
              + properties.cacheDir()
              + ": "
              + e.getMessage()
              + "; set codemode.warehouse.cache-dir to a writable directory",
          e);
    }
  }
}
