/**
 * @generated SignedSource<<5037ce1f47cc7d326b610b5af4318f66>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import type { ReaderFragment } from 'relay-runtime';
import type { FragmentRefs } from "relay-runtime";
export type FlagRow_flag$data = {
  readonly active: boolean;
  readonly createdAt: any | null | undefined;
  readonly createdBy?: {
    readonly email: string | null | undefined;
  } | null | undefined;
  readonly databaseId: number;
  readonly deleted: boolean;
  readonly key: string;
  readonly name: string | null | undefined;
  readonly " $fragmentType": "FlagRow_flag";
};
export type FlagRow_flag$key = {
  readonly " $data"?: FlagRow_flag$data;
  readonly " $fragmentSpreads": FragmentRefs<"FlagRow_flag">;
};

const node: ReaderFragment = {
  "argumentDefinitions": [
    {
      "kind": "RootArgument",
      "name": "withCreator"
    }
  ],
  "kind": "Fragment",
  "metadata": null,
  "name": "FlagRow_flag",
  "selections": [
    {
      "alias": null,
      "args": null,
      "kind": "ScalarField",
      "name": "databaseId",
      "storageKey": null
    },
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
      "name": "deleted",
      "storageKey": null
    },
    {
      "alias": null,
      "args": null,
      "kind": "ScalarField",
      "name": "createdAt",
      "storageKey": null
    },
    {
      "condition": "withCreator",
      "kind": "Condition",
      "passingValue": true,
      "selections": [
        {
          "alias": null,
          "args": null,
          "concreteType": "User",
          "kind": "LinkedField",
          "name": "createdBy",
          "plural": false,
          "selections": [
            {
              "alias": null,
              "args": null,
              "kind": "ScalarField",
              "name": "email",
              "storageKey": null
            }
          ],
          "storageKey": null
        }
      ]
    }
  ],
  "type": "FeatureFlag",
  "abstractKey": null
};

(node as any).hash = "b5f8237ed471b19c06e38e631df7e983";

export default node;
