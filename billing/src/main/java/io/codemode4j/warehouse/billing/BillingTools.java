package io.codemode4j.warehouse.billing;

import io.codemode4j.bridge.CodeMode;
import io.codemode4j.bridge.audit.LogText;
import io.codemode4j.bridge.tool.CallContext;
import io.codemode4j.bridge.tool.ExecutionClass;
import io.codemode4j.bridge.tool.Tool;
import io.codemode4j.bridge.tool.ToolFailure;
import io.codemode4j.bridge.tool.ToolSpec;
import io.codemode4j.warehouse.QueryResult;
import io.codemode4j.warehouse.ScopedWarehouse;
import io.codemode4j.warehouse.SqlLiterals;
import io.codemode4j.warehouse.Warehouse;
import io.codemode4j.warehouse.WarehouseTools;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * {@code billing.customers} and {@code billing.invoices}: the two reads an analyst makes most of
 * the billing sample, as typed calls instead of SQL. Install them beside the warehouse's own tools:
 * {@code BillingTools.of(warehouse).installInto(WarehouseTools.of(warehouse).installInto(
 * CodeMode.builder()))}.
 *
 * <p>Decided: the texts name no method of another namespace (they say "in SQL"), since a principal
 * granted billing alone reads them too and may call nothing else.
 *
 * <p>Decided: both build their SQL from schema-validated arguments, quote every value with {@link
 * SqlLiterals}, and send it through the same allowlist and tenant rewrite as {@code
 * warehouse.query}; nothing here reaches the database by another path. Neither returns a partial
 * list: when more rows match than {@link WarehouseTools#MAX_ROWS}, the call fails with {@code
 * too_large} and says how to narrow it, since the result has no {@code truncated} flag a program
 * would check.
 *
 * <p>Decided, for tenants: {@code billing.invoices} of a name the caller cannot see rejects with
 * {@code refused} and exactly the message of a name that does not exist. Both are the same query,
 * confined to the tenant by the allowlist, finding no customer; nothing in the outcome depends on
 * rows outside the tenant. An empty list means the customer is visible and has no invoices.
 */
public final class BillingTools {

  private static final JsonMapper MAPPER = JsonMapper.builder().build();
  private static final Logger LOG = LoggerFactory.getLogger(BillingTools.class);

  private final Tool customers;
  private final Tool invoices;
  private final Map<String, Tool> methods;

  private BillingTools(ScopedWarehouse warehouse, @Nullable FlagStore flags) {
    this.customers = customers(warehouse);
    this.invoices = invoices(warehouse);
    Map<String, Tool> methods = new LinkedHashMap<>();
    methods.put("customers", customers);
    methods.put("invoices", invoices);
    if (flags != null) {
      methods.put("flagInvoice", flagInvoice(warehouse, flags));
      methods.put("flags", flags(warehouse, flags));
    }
    this.methods = Collections.unmodifiableMap(methods);
  }

  /**
   * The billing reads over {@code warehouse}, a {@link BillingSample} warehouse (or any with its
   * tables), with the warehouse's own query timeout.
   */
  public static BillingTools of(Warehouse warehouse) {
    return new BillingTools(new ScopedWarehouse(warehouse), null);
  }

  /**
   * The billing reads and the flag tools: {@code billing.flagInvoice}, the one mutation, writing to
   * {@code flags}, and {@code billing.flags}, reading them.
   */
  public static BillingTools of(Warehouse warehouse, FlagStore flags) {
    return new BillingTools(new ScopedWarehouse(warehouse), Objects.requireNonNull(flags, "flags"));
  }

  /** {@code billing.customers}; its native tool name is {@code billing_customers}. */
  public Tool customers() {
    return customers;
  }

  /** {@code billing.invoices}; its native tool name is {@code billing_invoices}. */
  public Tool invoices() {
    return invoices;
  }

  /**
   * Method name to tool, in declaration order: {@code customers}, {@code invoices}, then with a
   * flag store {@code flagInvoice} and {@code flags}.
   */
  public Map<String, Tool> methods() {
    return methods;
  }

  /** Adds {@link #methods} to {@code builder}, under {@code billing}, and returns it. */
  public CodeMode.Builder installInto(CodeMode.Builder builder) {
    Objects.requireNonNull(builder, "builder");
    methods.forEach((method, tool) -> builder.method("billing", method, tool));
    return builder;
  }

  private static Tool customers(ScopedWarehouse warehouse) {
    JsonNode parameters =
        MAPPER.readTree(
            """
        {"type": "object",
         "properties": {
           "region": {"type": "string", "enum": ["emea", "americas", "apac"],
                      "description": "Only customers of this region."},
           "segment": {"type": "string", "enum": ["enterprise", "mid-market", "smb"],
                       "description": "Only customers of this segment."}
         },
         "additionalProperties": false}
        """);
    JsonNode success =
        MAPPER.readTree(
            """
        {"type": "array",
         "items": {"type": "object",
                   "properties": {
                     "customerId": {"type": "string", "description": "e.g. C0001; the customer_id column in SQL"},
                     "name": {"type": "string", "description": "what billing.invoices takes"},
                     "region": {"type": "string", "enum": ["emea", "americas", "apac"]},
                     "segment": {"type": "string", "enum": ["enterprise", "mid-market", "smb"]},
                     "country": {"type": "string", "description": "ISO 3166-1 alpha-2, e.g. DE"}
                   },
                   "required": ["customerId", "name", "region", "segment", "country"],
                   "additionalProperties": false}}
        """);
    ToolSpec spec =
        new ToolSpec(
            "billing_customers",
            """
        Lists the customers visible to the caller, optionally only one region and/or segment, ordered by name. \
        Rejects with kind 'too_large' when more than %d match: filter by region or segment, or count them \
        in SQL."""
                .formatted(WarehouseTools.MAX_ROWS),
            parameters,
            success,
            ExecutionClass.READONLY);
    return new Tool(
        spec,
        (arguments, context) -> {
          List<String> conditions = new ArrayList<>();
          for (String column : List.of("region", "segment")) {
            if (arguments.hasNonNull(column)) {
              conditions.add(column + " = " + SqlLiterals.quote(arguments.get(column).asString()));
            }
          }
          String sql =
              "SELECT customer_id, name, region, segment, country FROM customers"
                  + (conditions.isEmpty() ? "" : " WHERE " + String.join(" AND ", conditions))
                  + " ORDER BY name, customer_id";
          QueryResult result =
              listed(
                  warehouse,
                  sql,
                  context,
                  "more than " + WarehouseTools.MAX_ROWS + " customers match",
                  "pass a region or segment, or count them in SQL");
          ArrayNode out = MAPPER.createArrayNode();
          for (ObjectNode row : result.rows()) {
            out.addObject()
                .put("customerId", row.get("customer_id").asString())
                .put("name", row.get("name").asString())
                .put("region", row.get("region").asString())
                .put("segment", row.get("segment").asString())
                .put("country", row.get("country").asString());
          }
          return out;
        });
  }

  private static Tool invoices(ScopedWarehouse warehouse) {
    JsonNode parameters =
        MAPPER.readTree(
            """
        {"type": "object",
         "properties": {
           "customer": {"type": "string", "minLength": 1, "maxLength": 200, "pattern": "^[^\\\\u0000-\\\\u001f\\\\u007f]*$",
                        "description": "The customer's exact name as billing.customers returns it (case-sensitive, no control characters), e.g. Acme."}
         },
         "required": ["customer"],
         "additionalProperties": false}
        """);
    JsonNode success =
        MAPPER.readTree(
            """
        {"type": "array",
         "items": {"type": "object",
                   "properties": {
                     "invoiceId": {"type": "string", "description": "e.g. INV-0000001"},
                     "issuedOn": {"type": "string", "format": "date"},
                     "dueOn": {"type": "string", "format": "date"},
                     "paidOn": {"type": ["string", "null"], "format": "date", "description": "null unless paid"},
                     "status": {"type": "string", "enum": ["paid", "open", "overdue", "void"],
                                "description": "void is cancelled and never revenue; open and overdue are unpaid"},
                     "amountCents": {"type": "integer", "description": "US cents"}
                   },
                   "required": ["invoiceId", "issuedOn", "dueOn", "paidOn", "status", "amountCents"],
                   "additionalProperties": false}}
        """);
    ToolSpec spec =
        new ToolSpec(
            "billing_invoices",
            """
        Lists every invoice of one customer, by name, oldest first (issuedOn, then invoiceId); dates are \
        YYYY-MM-DD. An empty list means the customer has no invoices. A name that matches no customer the \
        caller can see rejects with kind 'refused', as does a name several customers share (query by \
        customer_id in SQL then); more than %d invoices reject with kind 'too_large'.\
        """
                .formatted(WarehouseTools.MAX_ROWS),
            parameters,
            success,
            ExecutionClass.READONLY);
    return new Tool(
        spec,
        (arguments, context) -> {
          String name = arguments.get("customer").asString();
          // One row per invoice, or one row with NULL invoice columns for a customer without
          // invoices: so "no
          // such customer" and "no invoices" are told apart by one query, confined to the tenant as
          // a whole.
          String sql =
              "SELECT c.customer_id, i.invoice_id, i.issued_on, i.due_on, i.paid_on, i.status, i.amount_cents"
                  + " FROM customers c LEFT JOIN invoices i ON i.customer_id = c.customer_id"
                  + " WHERE c.name = "
                  + SqlLiterals.quote(name)
                  + " ORDER BY i.issued_on, i.invoice_id";
          QueryResult result =
              listed(
                  warehouse,
                  sql,
                  context,
                  "'" + name + "' has more than " + WarehouseTools.MAX_ROWS + " invoices",
                  "aggregate them in SQL");
          long customers =
              result.rows().stream()
                  .map(row -> row.get("customer_id").asString())
                  .distinct()
                  .count();
          if (customers == 0) {
            throw new ToolFailure(
                ToolFailure.Kind.REFUSED,
                "no customer named '"
                    + name
                    + "' (names are exact and case-sensitive; billing.customers() lists them)");
          }
          if (customers > 1) {
            throw new ToolFailure(
                ToolFailure.Kind.REFUSED,
                customers
                    + " customers are named '"
                    + name
                    + "': query their invoices by customer_id in SQL (billing.customers() lists the ids)");
          }
          ArrayNode out = MAPPER.createArrayNode();
          for (ObjectNode row : result.rows()) {
            if (row.get("invoice_id").isNull()) {
              continue;
            }
            ObjectNode invoice = out.addObject();
            invoice.set("invoiceId", row.get("invoice_id"));
            invoice.set("issuedOn", row.get("issued_on"));
            invoice.set("dueOn", row.get("due_on"));
            invoice.set("paidOn", row.get("paid_on"));
            invoice.set("status", row.get("status"));
            invoice.set("amountCents", row.get("amount_cents"));
          }
          return out;
        });
  }

  private static final String INVOICE_ID =
      """
      {"type": "string", "pattern": "^INV-[0-9]{7}$", "description": "e.g. INV-0000001"}""";

  /**
   * Decided: the invoice is looked up through the allowlist with the caller's tenant, so an invoice
   * of another tenant and one that does not exist are refused with the same message by the same
   * empty query; the flag records the invoice's region, by which {@code billing.flags} shows a
   * tenant its own flags only.
   */
  private static Tool flagInvoice(ScopedWarehouse warehouse, FlagStore store) {
    JsonNode parameters =
        MAPPER.readTree(
            """
        {"type": "object",
         "properties": {
           "invoiceId": %s,
           "reason": {"type": "string", "minLength": 1, "maxLength": 500, "pattern": "\\\\S",
                      "description": "Why the invoice needs a look, e.g. disputed amount"}
         },
         "required": ["invoiceId", "reason"],
         "additionalProperties": false}
        """
                .formatted(INVOICE_ID));
    JsonNode success =
        MAPPER.readTree(
            """
        {"type": "object",
         "properties": {
           "flagId": {"type": "string"},
           "invoiceId": {"type": "string"},
           "createdAt": {"type": "string", "format": "date-time"}
         },
         "required": ["flagId", "invoiceId", "createdAt"],
         "additionalProperties": false}
        """);
    ToolSpec spec =
        new ToolSpec(
            "billing_flag_invoice",
            """
        Flags one invoice the caller can see for review, with a reason; each call waits for a person's         approval and rejects with kind 'denied' (or 'timeout') without it, writing nothing. Each         approved call adds a flag (calling twice flags twice). Not transactional: flags written before a later call fails stay written.         An invoice id the caller cannot see rejects with kind 'refused'. If this call ended         'uncertain', look for its flag with billing.flags before flagging again.""",
            parameters,
            success,
            ExecutionClass.NEEDS_APPROVAL);
    return new Tool(
        spec,
        (arguments, context) -> {
          String invoiceId = arguments.get("invoiceId").asString();
          QueryResult found =
              warehouse.query(
                  "SELECT invoice_id, region FROM invoices WHERE invoice_id = "
                      + SqlLiterals.quote(invoiceId),
                  context.principal(),
                  1);
          if (found.rows().isEmpty()) {
            throw new ToolFailure(
                ToolFailure.Kind.REFUSED,
                "no invoice "
                    + invoiceId
                    + " that you can see (billing.invoices lists a customer's invoices)");
          }
          FlagStore.Flag flag;
          try {
            flag =
                store.add(
                    invoiceId,
                    found.rows().getFirst().get("region").asString(),
                    arguments.get("reason").asString(),
                    context);
          } catch (SQLException e) {
            throw storeFailure(store, e);
          }
          return MAPPER
              .createObjectNode()
              .put("flagId", flag.flagId())
              .put("invoiceId", flag.invoiceId())
              .put("createdAt", flag.createdAt().toString());
        });
  }

  private static Tool flags(ScopedWarehouse warehouse, FlagStore store) {
    JsonNode parameters =
        MAPPER.readTree(
            """
        {"type": "object",
         "properties": {"invoiceId": %s},
         "additionalProperties": false}
        """
                .formatted(INVOICE_ID));
    JsonNode success =
        MAPPER.readTree(
            """
        {"type": "array",
         "items": {"type": "object",
                   "properties": {
                     "flagId": {"type": "string"},
                     "invoiceId": {"type": "string"},
                     "reason": {"type": "string"},
                     "createdAt": {"type": "string", "format": "date-time"},
                     "runId": {"type": "string"},
                     "passId": {"type": "string"},
                     "callId": {"type": "string", "description": "the billing.flagInvoice call that wrote it"}
                   },
                   "required": ["flagId", "invoiceId", "reason", "createdAt", "runId", "passId", "callId"],
                   "additionalProperties": false}}
        """);
    ToolSpec spec =
        new ToolSpec(
            "billing_flags",
            """
        Lists the flags on the caller's invoices, oldest first, optionally of one invoice, with the run,         pass and call that wrote each (to reconcile an 'uncertain' billing.flagInvoice call).""",
            parameters,
            success,
            ExecutionClass.READONLY);
    return new Tool(
        spec,
        (arguments, context) -> {
          List<FlagStore.Flag> flags;
          try {
            flags =
                store.list(
                    arguments.hasNonNull("invoiceId")
                        ? arguments.get("invoiceId").asString()
                        : null,
                    context.principal().tenant());
          } catch (SQLException e) {
            throw storeFailure(store, e);
          }
          if (flags.size() > WarehouseTools.MAX_ROWS) {
            throw new ToolFailure(
                ToolFailure.Kind.TOO_LARGE,
                flags.size()
                    + " flags, more than "
                    + WarehouseTools.MAX_ROWS
                    + ": pass an invoiceId");
          }
          ArrayNode out = MAPPER.createArrayNode();
          for (FlagStore.Flag flag : flags) {
            out.addObject()
                .put("flagId", flag.flagId())
                .put("invoiceId", flag.invoiceId())
                .put("reason", flag.reason())
                .put("createdAt", flag.createdAt().toString())
                .put("runId", flag.runId())
                .put("passId", flag.passId())
                .put("callId", flag.callId());
          }
          return out;
        });
  }

  /**
   * The program's failure for a store error: without the store's location, which is the host's; the
   * host's log has the error itself.
   */
  private static ToolFailure storeFailure(FlagStore store, SQLException e) {
    LOG.warn("{} failed", store, LogText.of(e));
    return new ToolFailure(
        ToolFailure.Kind.FAILED,
        "the flag store failed (the host's log has the details); the flag may or may not be"
            + " written: check billing.flags before flagging again");
  }

  /**
   * Every row of {@code sql}, or {@code too_large} saying {@code tooMany} and {@code advice}: when
   * more rows match than {@link WarehouseTools#MAX_ROWS}, or when they pass the warehouse's {@code
   * maxResultBytes} before that, since the list has no {@code truncated} flag a program could miss.
   */
  private static QueryResult listed(
      ScopedWarehouse warehouse, String sql, CallContext context, String tooMany, String advice)
      throws ToolFailure, InterruptedException {
    QueryResult result;
    try {
      result = warehouse.query(sql, context.principal(), WarehouseTools.MAX_ROWS);
    } catch (ToolFailure failure) {
      if (failure.kind() != ToolFailure.Kind.TOO_LARGE) {
        throw failure;
      }
      throw new ToolFailure(
          ToolFailure.Kind.TOO_LARGE,
          tooMany
              + " or they pass "
              + warehouse.warehouse().maxResultBytes()
              + " bytes of JSON: "
              + advice);
    }
    if (result.truncated()) {
      throw new ToolFailure(ToolFailure.Kind.TOO_LARGE, tooMany + ": " + advice);
    }
    return result;
  }
}
