import type { HttpTypes } from "@medusajs/types";
import { defineResource, op, expandPath } from "../resource.js";
import type { CallOptions, ClientHeaders as H } from "../types.js";
import { handWritten, stream, type EventStream, type WorkflowStepResult } from "./helpers.js";

/**
 * Workflow runs (imports, exports, order flows): inspect, run and follow them. https://docs.medusajs.com/api/admin#workflows-executions
 * @example const { workflow_executions } = await sdk.admin.workflowExecution.list({ workflow_id: "import-products" })
 */
export const workflowExecution = defineResource({
  name: "workflowExecution",
  path: "/admin/workflows-executions",
  one: "workflow_execution",
  many: "workflow_executions",
  columns: ["id", "workflow_id", "transaction_id", "state", "created_at"],
  docs: "https://docs.medusajs.com/api/admin#workflows-executions",
  methods: {
    /**
     * List workflow executions. `GET /admin/workflows-executions`
     * https://docs.medusajs.com/api/admin#workflows-executions
     * @example
     * const { workflow_executions, count } = await sdk.admin.workflowExecution.list({ limit: 20, fields: "id,workflow_id" })
     */
    list: op<[queryParams?: HttpTypes.AdminGetWorkflowExecutionsParams, headers?: H], HttpTypes.AdminWorkflowExecutionListResponse>("GET /admin/workflows-executions", "query", { list: true }),
    /**
     * Retrieve one workflow execution. `GET /admin/workflows-executions/{id}`
     * https://docs.medusajs.com/api/admin#workflows-executions
     * @example
     * const { workflow_execution } = await sdk.admin.workflowExecution.retrieve("workflow_execution_123")
     */
    retrieve: op<[id: string, headers?: H], HttpTypes.AdminWorkflowExecutionResponse>("GET /admin/workflows-executions/{id}", "id"),
    /**
     * One run of a workflow by its transaction id. `GET /admin/workflows-executions/{workflowId}/{transactionId}`
     * https://docs.medusajs.com/api/admin#workflows-executions
     * Medusa 2.21 ignores the transaction id on this route and answers the workflow's first stored run;
     * `list({ transaction_id })` finds the exact run.
     * @example const { workflow_execution } = await sdk.admin.workflowExecution.retrieveTransaction("import-products-as-chunks", txId)
     */
    retrieveTransaction: op<[workflowId: string, transactionId: string, query?: HttpTypes.AdminGetWorkflowExecutionDetailsParams, headers?: H], HttpTypes.AdminWorkflowExecutionResponse>(
      "GET /admin/workflows-executions/{workflowId}/{transactionId}",
      "workflowId transactionId query",
      { summary: "Ours (no js-sdk method): one run of a workflow, e.g. an import or export transaction." },
    ),
    /**
     * Ours (no js-sdk method): runs a workflow. `POST /admin/workflows-executions/{workflowId}/run`
     * https://docs.medusajs.com/api/admin#workflows-executions
     * @example
     * const { acknowledgement } = await sdk.admin.workflowExecution.run("create-product-tags", { input: {} })
     */
    run: op<[workflowId: string, body: { input?: unknown; transaction_id?: string }, headers?: H], HttpTypes.AdminWorkflowRunResponse>(
      "POST /admin/workflows-executions/{workflowId}/run",
      "workflowId body",
      { summary: "Ours (no js-sdk method): runs a workflow." },
    ),
    /**
     * Ours (no js-sdk method): marks an asynchronous step successful. `POST /admin/workflows-executions/{workflowId}/steps/success`
     * https://docs.medusajs.com/api/admin#workflows-executions
     * @example
     * const { acknowledgement } = await sdk.admin.workflowExecution.setStepSuccess("create-product-tags", { transaction_id: "txn_123", step_id: "step_123" })
     */
    setStepSuccess: op<[workflowId: string, body: WorkflowStepResult, headers?: H], HttpTypes.AdminWorkflowRunResponse>(
      "POST /admin/workflows-executions/{workflowId}/steps/success",
      "workflowId body",
      { summary: "Ours (no js-sdk method): marks an asynchronous step successful." },
    ),
    /**
     * Ours (no js-sdk method): marks an asynchronous step failed. `POST /admin/workflows-executions/{workflowId}/steps/failure`
     * https://docs.medusajs.com/api/admin#workflows-executions
     * @example
     * const { acknowledgement } = await sdk.admin.workflowExecution.setStepFailure("create-product-tags", { transaction_id: "txn_123", step_id: "step_123" })
     */
    setStepFailure: op<[workflowId: string, body: WorkflowStepResult, headers?: H], HttpTypes.AdminWorkflowRunResponse>(
      "POST /admin/workflows-executions/{workflowId}/steps/failure",
      "workflowId body",
      { summary: "Ours (no js-sdk method): marks an asynchronous step failed." },
    ),
    /**
     * Server-sent events of every run of a workflow. `GET /admin/workflows-executions/{workflowId}/subscribe`
     * https://docs.medusajs.com/api/admin#workflows-executions
     * Medusa sends the response headers only with the first event, so the promise settles when the
     * first event arrives: start the subscription, then trigger the workflow, then await it.
     * @example const sub = sdk.admin.workflowExecution.subscribe("create-product-tags"); await sdk.admin.workflowExecution.run("create-product-tags", { input }); const { stream, abort } = await sub
     */
    subscribe: handWritten<[workflowId: string, query?: Record<string, unknown>, headers?: H], EventStream>(
      "GET /admin/workflows-executions/{workflowId}/subscribe",
      "workflowId query headers",
      (ctx, workflowId: string, query, headers, options?: CallOptions) =>
        stream(ctx, expandPath("/admin/workflows-executions/{workflowId}/subscribe", { workflowId }), query, headers, options),
      "Ours (no js-sdk method): server-sent events of every run of a workflow ({stream, abort}); settles with the first event.",
    ),
    /**
     * Server-sent events of one run. `GET /admin/workflows-executions/{workflowId}/{transactionId}/subscribe`
     * https://docs.medusajs.com/api/admin#workflows-executions
     * Like {@link subscribe}, it settles with the run's first event, so do not await it before the run moves.
     * @example const sub = sdk.admin.workflowExecution.subscribeTransaction("import-products-as-chunks", txId); await sdk.admin.product.confirmImport(txId); const { stream } = await sub
     */
    subscribeTransaction: handWritten<[workflowId: string, transactionId: string, query?: Record<string, unknown>, headers?: H], EventStream>(
      "GET /admin/workflows-executions/{workflowId}/{transactionId}/subscribe",
      "workflowId transactionId query headers",
      (ctx, workflowId: string, transactionId: string, query, headers, options?: CallOptions) =>
        stream(ctx, expandPath("/admin/workflows-executions/{workflowId}/{transactionId}/subscribe", { workflowId, transactionId }), query, headers, options),
      "Ours (no js-sdk method): server-sent events of one run ({stream, abort}); settles with the first event.",
    ),
  },
});
