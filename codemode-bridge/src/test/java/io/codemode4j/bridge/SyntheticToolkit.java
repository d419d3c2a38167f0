package io.codemode4j.bridge;

import io.codemode4j.bridge.tool.ExecutionClass;
import io.codemode4j.bridge.tool.Tool;
import io.codemode4j.bridge.tool.ToolSpec;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A realistic allowlist of 42 tools in eight namespaces for discovery and visibility tests, plus
 * aliases: the tool {@code list_invoices} is {@code billing.invoices}, {@code billing.listInvoices}
 * and {@code legacy.invoices} (44 paths).
 */
public final class SyntheticToolkit {

  public static final int PATHS = 44;

  private SyntheticToolkit() {}

  /** The tool behind {@code billing.invoices}, which a host may also register natively. */
  public static Tool listInvoices() {
    return tool(
        "list_invoices",
        "Lists one customer's invoices, oldest first, with amounts in cents and status.",
        ExecutionClass.READONLY);
  }

  public static CodeMode.Builder install(CodeMode.Builder builder) {
    Map<String, Map<String, String>> namespaces = new LinkedHashMap<>();
    namespaces.put(
        "billing",
        ordered(
            "invoices", null,
            "invoiceLines", "Lists the lines of one invoice with quantities and unit prices.",
            "payments", "Lists payments received from a customer, newest first.",
            "refunds", "Lists refunds issued against paid invoices.",
            "issueRefund", "Refunds part or all of a paid invoice to the customer's card.",
            "creditNotes", "Lists credit notes that reduce what a customer owes.",
            "dunning", "Lists the overdue reminders sent to customers."));
    namespaces.put(
        "crm",
        ordered(
            "contacts", "Searches contacts by name or email address.",
            "createContact", "Creates a contact person for an account.",
            "accounts", "Lists customer accounts with their owner and segment.",
            "opportunities",
                "Lists open sales opportunities with their expected revenue and close date.",
            "notes", "Reads the notes the sales team wrote about an account.",
            "logCall", "Records a phone call with a contact."));
    namespaces.put(
        "inventory",
        ordered(
            "products", "Lists products with their SKU and list price.",
            "stockLevels", "The current stock level of each product in each warehouse.",
            "reorder", "Places a purchase order with a supplier to restock a product.",
            "suppliers", "Lists suppliers with their lead times and contact details.",
            "adjustStock", "Corrects a product's stock count after a physical count."));
    namespaces.put(
        "shipping",
        ordered(
            "createShipment",
                "Books a shipment of an order with a carrier and returns its tracking number.",
            "trackShipment", "The tracking events of one shipment, from pickup to delivery.",
            "carriers", "Lists carriers with their services and rates per kilogram.",
            "labels", "Prints the shipping labels of a shipment as PDF.",
            "returns", "Lists customer returns that wait for inspection."));
    namespaces.put(
        "hr",
        ordered(
            "employees", "Lists employees with their department and manager.",
            "timeOff", "Lists approved and pending time-off requests of employees.",
            "payroll", "Payroll runs with gross and net totals per month.",
            "departments", "Lists the departments with their head count.",
            "hire", "Creates the employee record of a new hire."));
    namespaces.put(
        "support",
        ordered(
            "tickets", "Searches support tickets by status or customer.",
            "createTicket", "Opens a support ticket on behalf of a customer.",
            "replyToTicket", "Posts a reply to a support ticket and notifies the customer.",
            "escalate", "Escalates a ticket to the on-call engineer.",
            "satisfaction", "Customer satisfaction scores from ticket surveys."));
    namespaces.put(
        "analytics",
        ordered(
            "revenueByMonth", "Revenue per month from paid invoices, in cents.",
            "churn", "Customers who cancelled, per month, with the churn rate.",
            "cohorts", "Retention of signup cohorts by month.",
            "funnel", "Conversion from signup to trial to paid plan.",
            "forecast", "Forecasts next quarter's revenue from the invoice history."));
    namespaces.put(
        "marketing",
        ordered(
            "campaigns", "Lists email campaigns with their open and click rates.",
            "sendCampaign", "Sends an email campaign to a customer segment.",
            "segments", "Lists the customer segments used for targeting.",
            "unsubscribes", "Lists contacts who unsubscribed from marketing emails."));
    Tool invoices = listInvoices();
    namespaces.forEach(
        (namespace, methods) ->
            methods.forEach(
                (method, description) ->
                    builder.method(
                        namespace,
                        method,
                        description == null
                            ? invoices
                            : tool(
                                namespace + "_" + snake(method),
                                description,
                                method.matches(
                                        "(issue|create|log|adjust|reorder|hire|reply|escalate|send|labels).*")
                                    ? ExecutionClass.MUTATION
                                    : ExecutionClass.READONLY))));
    builder.method("billing", "listInvoices", invoices);
    builder.method("legacy", "invoices", invoices);
    return builder;
  }

  private static Map<String, String> ordered(String... pairs) {
    Map<String, String> map = new LinkedHashMap<>();
    for (int i = 0; i < pairs.length; i += 2) {
      map.put(pairs[i], pairs[i + 1]);
    }
    return map;
  }

  private static String snake(String camel) {
    return camel.replaceAll("([a-z])([A-Z])", "$1_$2").toLowerCase(java.util.Locale.ROOT);
  }

  private static Tool tool(String name, String description, ExecutionClass executionClass) {
    return new Tool(
        new ToolSpec(
            name,
            description,
            TestTools.json(
                """
        {"type": "object", "properties": {"id": {"type": "string", "description": "What to act on"},
         "limit": {"type": "integer", "minimum": 1}}, "additionalProperties": false}"""),
            TestTools.json("{\"type\": \"array\", \"items\": {\"type\": \"object\"}}"),
            executionClass),
        (arguments, context) ->
            TestTools.JSON.arrayNode().add(TestTools.JSON.objectNode().put("tool", name)));
  }
}
