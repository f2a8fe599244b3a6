/** A real-shaped `/arxiv <sub>` slash-command interaction payload, as Discord posts it. */
export const APP_ID = '1300000000000000001';

export function slashCommand(
  token: string,
  sub: string,
  options: Array<{ name: string; value: string }>,
  permissions = '0',
) {
  return {
    id: '1300000000000000100',
    application_id: APP_ID,
    type: 2,
    token,
    guild_id: '1300000000000000200',
    channel_id: '1300000000000000300',
    member: { user: { id: '1300000000000000400' }, roles: [], permissions },
    data: {
      id: '1300000000000000500',
      name: 'arxiv',
      type: 1,
      options: [{ name: sub, type: 1, options: options.map((o) => ({ ...o, type: 3 })) }],
    },
  };
}
