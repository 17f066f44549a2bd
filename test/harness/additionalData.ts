import type { IDataObject, IWorkflowExecuteAdditionalData } from 'n8n-workflow';

/**
 * The part of n8n's IWorkflowExecuteAdditionalData a node run needs, for the action harness and the
 * trigger harness alike: the credentials helper, n8n's URLs under `baseUrl`, and no sub-workflows
 * or task runners.
 */
export function harnessAdditionalData(
	credentialsHelper: unknown,
	baseUrl = 'http://127.0.0.1:5678',
	extra: IDataObject = {},
): IWorkflowExecuteAdditionalData {
	return {
		credentialsHelper,
		executeWorkflow: async () => {
			throw new Error('Sub-workflows are not part of the harness');
		},
		getRunExecutionData: async () => undefined,
		currentNodeExecutionIndex: 0,
		restApiUrl: `${baseUrl}/rest`,
		instanceBaseUrl: `${baseUrl}/`,
		formWaitingBaseUrl: `${baseUrl}/form-waiting`,
		webhookBaseUrl: `${baseUrl}/webhook`,
		webhookWaitingBaseUrl: `${baseUrl}/webhook-waiting`,
		webhookTestBaseUrl: `${baseUrl}/webhook-test`,
		variables: {},
		logAiEvent: () => {},
		startRunnerTask: async () => {
			throw new Error('Task runners are not part of the harness');
		},
		...extra,
	} as unknown as IWorkflowExecuteAdditionalData;
}
