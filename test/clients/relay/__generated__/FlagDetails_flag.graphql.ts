/**
 * @generated SignedSource<<0975a0f748f9a34c58d735296febb796>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import type { ReaderFragment } from 'relay-runtime';
import type { FragmentRefs } from "relay-runtime";
export type FlagDetails_flag$data = {
  readonly active: boolean;
  readonly id: string;
  readonly key: string;
  readonly name: string | null | undefined;
  readonly version: number | null | undefined;
  readonly " $fragmentType": "FlagDetails_flag";
};
export type FlagDetails_flag$key = {
  readonly " $data"?: FlagDetails_flag$data;
  readonly " $fragmentSpreads": FragmentRefs<"FlagDetails_flag">;
};

import FlagDetailsRefetchQuery_graphql from './FlagDetailsRefetchQuery.graphql';

const node: ReaderFragment = {
  "argumentDefinitions": [],
  "kind": "Fragment",
  "metadata": {
    "refetch": {
      "connection": null,
      "fragmentPathInResult": [
        "node"
      ],
      "operation": FlagDetailsRefetchQuery_graphql,
      "identifierInfo": {
        "identifierField": "id",
        "identifierQueryVariableName": "id"
      }
    }
  },
  "name": "FlagDetails_flag",
  "selections": [
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
    },
    {
      "alias": null,
      "args": null,
      "kind": "ScalarField",
      "name": "id",
      "storageKey": null
    }
  ],
  "type": "FeatureFlag",
  "abstractKey": null
};

(node as any).hash = "2bd7dc134b69b5279d1327a787786275";

export default node;
