import { useTranslation } from 'react-i18next';
import type { Car, Gadget, HomePropertyType, SecondaryHeating } from '@gridline/contracts/home';

export interface HomeLabels {
  propertyType: Record<HomePropertyType, string>;
  heating: Record<SecondaryHeating, string>;
  cars: Record<Car, string>;
  gadgets: Record<Gadget, string>;
}

/** The names of the form's options in the interface language (spec 000 §3 "Home extras"). */
export function useHomeLabels(): HomeLabels {
  const { t } = useTranslation();
  return {
    propertyType: {
      APPARTMENT: t('myHome.propertyType.APPARTMENT'),
      ROWHOUSE: t('myHome.propertyType.ROWHOUSE'),
      HOUSE: t('myHome.propertyType.HOUSE'),
      SUMMERHOUSE: t('myHome.propertyType.SUMMERHOUSE'),
    },
    heating: {
      direct: t('myHome.heating.direct'),
      district: t('myHome.heating.district'),
      geothermal: t('myHome.heating.geothermal'),
      exhaustAir: t('myHome.heating.exhaustAir'),
      air: t('myHome.heating.air'),
      airwater: t('myHome.heating.airwater'),
      electricBoiler: t('myHome.heating.electricBoiler'),
      naturalGas: t('myHome.heating.naturalGas'),
      pellets: t('myHome.heating.pellets'),
      stove: t('myHome.heating.stove'),
      other: t('myHome.heating.other'),
      none: t('myHome.secondaryHeating.none'),
    },
    cars: {
      electric: t('myHome.vehicles.electric'),
      hybrid: t('myHome.vehicles.hybrid'),
      petrol_diesel: t('myHome.vehicles.petrol_diesel'),
      no_vehicle: t('myHome.vehicles.no_vehicle'),
    },
    gadgets: {
      solarPanel: t('myHome.gadgets.solarPanel'),
      washingMashine: t('myHome.gadgets.washingMashine'),
      dishMashine: t('myHome.gadgets.dishMashine'),
      dryer: t('myHome.gadgets.dryer'),
      sauna: t('myHome.gadgets.sauna'),
      floorHeating: t('myHome.gadgets.floorHeating'),
      spa: t('myHome.gadgets.spa'),
      pool: t('myHome.gadgets.pool'),
      electricBike: t('myHome.gadgets.electricBike'),
      evCarCharger: t('myHome.gadgets.evCarCharger'),
      no_gadgets: t('myHome.gadgets.no_gadgets'),
    },
  };
}
