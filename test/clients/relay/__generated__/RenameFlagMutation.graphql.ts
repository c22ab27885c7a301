/**
 * @generated SignedSource<<c05922e1e4f1532788173c45edb7843e>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import type { ConcreteRequest } from 'relay-runtime';
import type { FragmentRefs } from "relay-runtime";
export type UserErrorCode = "APPROVAL_REQUIRED" | "ARCHIVED" | "BEHAVIORAL_COHORT_FOUND" | "BLANK" | "CIRCULAR_FLAG_DEPENDENCY" | "COHORT_DOES_NOT_EXIST" | "CONFLICT" | "DEPENDENCY_FLAGS_DISABLED" | "DEPENDENCY_FLAG_NOT_FOUND" | "DEPENDENT_FLAGS_ACTIVE" | "DOES_NOT_EXIST" | "EMPTY" | "INCORRECT_TYPE" | "INVALID_CHOICE" | "INVALID_DATE" | "INVALID_FLAG_REFERENCE" | "INVALID_INPUT" | "INVALID_KEY" | "INVALID_OPERATOR" | "INVALID_VALUE" | "MALFORMED_REQUEST" | "MAX_DECIMAL_PLACES" | "MAX_DIGITS" | "MAX_LENGTH" | "MAX_VALUE" | "MAX_WHOLE_DIGITS" | "MIN_LENGTH" | "MIN_VALUE" | "NOT_A_DICT" | "NOT_A_LIST" | "NULL" | "OTHER" | "REQUIRED" | "TOO_MANY_FLAG_DEPENDENCIES" | "UNIQUE" | "%future added value";
export type UpdateFeatureFlagInput = {
  active?: boolean | null | undefined;
  analyticsDashboards?: ReadonlyArray<number> | null | undefined;
  description?: string | null | undefined;
  ensureExperienceContinuity?: boolean | null | undefined;
  expectedVersion?: number | null | undefined;
  filters?: any | null | undefined;
  hasEnrichedAnalytics?: boolean | null | undefined;
  id: string;
  key?: string | null | undefined;
  name?: string | null | undefined;
  performedRollback?: boolean | null | undefined;
  projectId?: string | null | undefined;
  rollbackConditions?: any | null | undefined;
  tags?: ReadonlyArray<string> | null | undefined;
};
export type RenameFlagMutation$variables = {
  input: UpdateFeatureFlagInput;
};
export type RenameFlagMutation$data = {
  readonly updateFeatureFlag: {
    readonly featureFlag: {
      readonly id: string;
      readonly " $fragmentSpreads": FragmentRefs<"FlagDetails_flag">;
    } | null | undefined;
    readonly userErrors: ReadonlyArray<{
      readonly code: UserErrorCode;
      readonly field: ReadonlyArray<string> | null | undefined;
      readonly message: string;
    }>;
  };
};
export type RenameFlagMutation = {
  response: RenameFlagMutation$data;
  variables: RenameFlagMutation$variables;
};

const node: ConcreteRequest = (function(){
var v0 = [
  {
    "defaultValue": null,
    "kind": "LocalArgument",
    "name": "input"
  }
],
v1 = [
  {
    "kind": "Variable",
    "name": "input",
    "variableName": "input"
  }
],
v2 = {
  "alias": null,
  "args": null,
  "kind": "ScalarField",
  "name": "id",
  "storageKey": null
},
v3 = {
  "alias": null,
  "args": null,
  "concreteType": "UserError",
  "kind": "LinkedField",
  "name": "userErrors",
  "plural": true,
  "selections": [
    {
      "alias": null,
      "args": null,
      "kind": "ScalarField",
      "name": "field",
      "storageKey": null
    },
    {
      "alias": null,
      "args": null,
      "kind": "ScalarField",
      "name": "message",
      "storageKey": null
    },
    {
      "alias": null,
      "args": null,
      "kind": "ScalarField",
      "name": "code",
      "storageKey": null
    }
  ],
  "storageKey": null
};
return {
  "fragment": {
    "argumentDefinitions": (v0/*:: as any*/),
    "kind": "Fragment",
    "metadata": null,
    "name": "RenameFlagMutation",
    "selections": [
      {
        "alias": null,
        "args": (v1/*:: as any*/),
        "concreteType": "UpdateFeatureFlagPayload",
        "kind": "LinkedField",
        "name": "updateFeatureFlag",
        "plural": false,
        "selections": [
          {
            "alias": null,
            "args": null,
            "concreteType": "FeatureFlag",
            "kind": "LinkedField",
            "name": "featureFlag",
            "plural": false,
            "selections": [
              (v2/*:: as any*/),
              {
                "args": null,
                "kind": "FragmentSpread",
                "name": "FlagDetails_flag"
              }
            ],
            "storageKey": null
          },
          (v3/*:: as any*/)
        ],
        "storageKey": null
      }
    ],
    "type": "Mutation",
    "abstractKey": null
  },
  "kind": "Request",
  "operation": {
    "argumentDefinitions": (v0/*:: as any*/),
    "kind": "Operation",
    "name": "RenameFlagMutation",
    "selections": [
      {
        "alias": null,
        "args": (v1/*:: as any*/),
        "concreteType": "UpdateFeatureFlagPayload",
        "kind": "LinkedField",
        "name": "updateFeatureFlag",
        "plural": false,
        "selections": [
          {
            "alias": null,
            "args": null,
            "concreteType": "FeatureFlag",
            "kind": "LinkedField",
            "name": "featureFlag",
            "plural": false,
            "selections": [
              (v2/*:: as any*/),
              {
                "alias": null,
                "args": null,
                "kind": "ScalarField",
                "name": "key",
                "storageKey": null
              },
              {
                "alias": null,
                "args": null,
                "kind": "ScalarField",
                "name": "name",
                "storageKey": null
              },
              {
                "alias": null,
                "args": null,
                "kind": "ScalarField",
                "name": "active",
                "storageKey": null
              },
              {
                "alias": null,
                "args": null,
                "kind": "ScalarField",
                "name": "version",
                "storageKey": null
              }
            ],
            "storageKey": null
          },
          (v3/*:: as any*/)
        ],
        "storageKey": null
      }
    ]
  },
  "params": {
    "cacheID": "0c789042ac33ee34f72e105ba702a163",
    "id": null,
    "metadata": {},
    "name": "RenameFlagMutation",
    "operationKind": "mutation",
    "text": "mutation RenameFlagMutation(\n  $input: UpdateFeatureFlagInput!\n) {\n  updateFeatureFlag(input: $input) {\n    featureFlag {\n      id\n      ...FlagDetails_flag\n    }\n    userErrors {\n      field\n      message\n      code\n    }\n  }\n}\n\nfragment FlagDetails_flag on FeatureFlag {\n  key\n  name\n  active\n  version\n  id\n}\n"
  }
};
})();

(node as any).hash = "f8827e77f14a9fca4521627dbbe82948";

export default node;
