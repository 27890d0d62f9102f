/** The back office's custom-favorites editor (issue 18), English. */
const en = {
  nav: 'Custom favorites',
  title: 'Custom favorites',
  intro: 'Your own favorites customers can add in the app: a web page or a page of the app, refreshed as often as you choose.',
  add: 'Add a favorite',
  saved: 'The custom favorites draft is saved.',
  empty: 'No custom favorites yet. Add one to offer it in the app.',
  favoriteN: 'Favorite {{n}}',
  moveUp: 'Move {{name}} up',
  moveDown: 'Move {{name}} down',
  remove: 'Remove',
  removeNamed: 'Remove {{name}}',
  webview: 'A web page',
  app: 'A page of the app',
  remoteIdHelp: 'The id your system knows the favorite by.',
  urlHelp: 'An https address.',
  testHelp: 'Customer ids that see the favorite before everyone else. Press Enter after each.',
  polling: { once: 'Once', occasionally: 'Occasionally', often: 'Often' },
  fields: {
    title: 'Title',
    remoteId: 'Remote id',
    navigation: 'Opens',
    webviewUrl: 'Web page address',
    appNavigation: 'App page',
    pollingFrequency: 'Refreshed',
    testCustomerIds: 'Test customers',
    iconType: 'Icon set',
    iconName: 'Icon name',
    icon: 'Icon',
  },
};

export default en;
export type CustomFavoritesTexts = typeof en;
