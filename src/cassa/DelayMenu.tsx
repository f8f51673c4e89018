import { Button, Menu, MenuItem, MenuTrigger, Popover } from 'react-aria-components';
import type { ActorRefFrom } from 'xstate';
import { DELAY_CHOICES } from '../../machines/cassaDayList.connect';
import { connectCassaDelay, type cassaDelayMachine } from '../../machines/cassaDelay.machine';
import { useView } from '../actors/AppActors';
import { QuestionDialog } from '../ui/QuestionDialog';

/**
 * 'Ritardo' in the cassa's header: '+10 min', '+20 min', '+30 min' for every order of tonight not
 * yet out, after a question saying how many move. Shown only while the list shows tonight.
 */
export function DelayMenu({ actor, tonight }: { actor: ActorRefFrom<typeof cassaDelayMachine>; tonight: number | null }) {
  const view = useView(actor, connectCassaDelay);
  return (
    <>
      {tonight !== null && (
        <MenuTrigger>
          <Button className="button" isDisabled={view.isSending}>
            Ritardo
          </Button>
          <Popover className="select-popover">
            <Menu aria-label="Posticipa gli ordini di stasera">
              {DELAY_CHOICES.map((minutes) => (
                <MenuItem
                  key={minutes}
                  id={minutes}
                  className="select-option cassa-menu-item"
                  onAction={() => view.choose(minutes, tonight)}
                >
                  {`+${minutes} min`}
                </MenuItem>
              ))}
            </Menu>
          </Popover>
        </MenuTrigger>
      )}
      {view.notice && (
        <p role="status" className="cassa-delay-notice">
          {view.notice}
        </p>
      )}
      <QuestionDialog title="Ritardo" question={view.question} />
    </>
  );
}
