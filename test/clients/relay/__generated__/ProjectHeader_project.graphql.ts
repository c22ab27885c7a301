/**
 * @generated SignedSource<<bb90e4d63ce55df8e77f697215bbac72>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import type { ReaderFragment } from 'relay-runtime';
import type { FragmentRefs } from "relay-runtime";
export type ProjectHeader_project$data = {
  readonly name: string;
  readonly timezone: any;
  readonly " $fragmentType": "ProjectHeader_project";
};
export type ProjectHeader_project$key = {
  readonly " $data"?: ProjectHeader_project$data;
  readonly " $fragmentSpreads": FragmentRefs<"ProjectHeader_project">;
};

const node: ReaderFragment = {
  "argumentDefinitions": [],
  "kind": "Fragment",
  "metadata": null,
  "name": "ProjectHeader_project",
  "selections": [
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
      "name": "timezone",
      "storageKey": null
    }
  ],
  "type": "Project",
  "abstractKey": null
};

(node as any).hash = "e3b234075e0912b950a5f29856889ed8";

export default node;
